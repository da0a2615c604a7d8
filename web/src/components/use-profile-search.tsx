import { useEffect, useState, type HTMLAttributes, type Key } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../shared/i18n.ts';
import { profileListQuery, type PersonName } from '../shared/api/profiles.ts';

/** How many people a picker offers at once: typing narrows them on the server. */
const PICKER_SIZE = 20;
const TYPING_PAUSE_MS = 300;

/** A person as a picker lists them, by last name first as the lists sort them. */
export const pickerLabel = (person: PersonName) =>
  `${person.last_name} ${person.first_name}`.trim();

/**
 * The options of a people picker (an Autocomplete), searched on the server among the profiles
 * that `filter` selects (`roles=…&unit=…&status=…`) once typing pauses. A canton's thousands of
 * legal representatives or a unit's students are never all downloaded, and none is out of reach:
 * a picker filled from one page of 1,000 silently lost everyone after it. `autocomplete` goes to
 * the Autocomplete, `placeholder` to its input: it says that typing finds the others. The people
 * of `taken` are listed, their `reason` after their name, but cannot be picked: hidden, a page of
 * them would read as no match.
 */
export function useProfileSearch(
  filter: string,
  taken?: { ids: ReadonlySet<number>; reason: string },
) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [term, setTerm] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setTerm(typed.trim()), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const search = term ? `&search=${encodeURIComponent(term)}` : '';
  const found = useQuery(
    profileListQuery(`${filter}&limit=${PICKER_SIZE}&ordering=last_name${search}`),
  );
  const autocomplete = {
    options: (found.data?.results ?? []) as PersonName[],
    loading: found.isFetching || typed.trim() !== term,
    // the server has filtered them by what was typed
    filterOptions: (options: PersonName[]) => options,
    onInputChange: (_event: unknown, value: string, reason: string) =>
      setTyped(reason === 'reset' ? '' : value),
    isOptionEqualToValue: (option: PersonName, value: PersonName) => option.id === value.id,
    getOptionLabel: pickerLabel,
    getOptionDisabled: (person: PersonName) => Boolean(taken?.ids.has(person.id)),
    renderOption: (
      { key, ...option }: HTMLAttributes<HTMLLIElement> & { key: Key },
      person: PersonName,
    ) => (
      <li key={key} {...option}>
        {pickerLabel(person)}
        {taken?.ids.has(person.id) && ` (${taken.reason})`}
      </li>
    ),
  };
  return { autocomplete, placeholder: t('common.autocomplete.typeToSearch') };
}
