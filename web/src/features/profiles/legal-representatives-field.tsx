import { useMemo, useState } from 'react';
import { useController, type UseFormReturn } from 'react-hook-form';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useTranslation } from '../../shared/i18n.ts';
import { ruleMessage } from '../../shared/rule-messages.ts';
import type { PersonName } from '../../shared/api/profiles.ts';
import { useProfileSearch } from '../../components/use-profile-search.tsx';
import type { ProfileValues } from './profile-form-rules.ts';

/**
 * Picks the legal representatives of a student among the active ones the reader sees, searched
 * on the server as the name is typed. `known` names the ones already chosen.
 */
export function LegalRepresentativesField(props: {
  form: UseFormReturn<ProfileValues>;
  known: PersonName[];
}) {
  const { t } = useTranslation();
  const search = useProfileSearch('roles=LEGAL_REPRESENTATIVE&status=ACTIVE');
  const { field, fieldState } = useController({
    control: props.form.control,
    name: 'legal_representatives',
  });
  const [names, setNames] = useState(() => new Map(props.known.map((p) => [p.id, p])));
  // the same array until the choice changes: a new one at each render clears what is typed
  const value = useMemo(
    () => field.value.map((id) => names.get(id) ?? { id, first_name: '', last_name: `#${id}` }),
    [field.value, names],
  );
  const error = ruleMessage(fieldState.error?.message, t);
  return (
    <Autocomplete
      multiple
      filterSelectedOptions
      sx={{ mt: 2 }}
      {...search.autocomplete}
      value={value}
      onChange={(_, people) => {
        setNames((known) => new Map([...known, ...people.map((p) => [p.id, p] as const)]));
        field.onChange(people.map((p) => p.id));
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          placeholder={search.placeholder}
          label={t('profiles.fields.legalRepresentatives')}
          error={Boolean(error)}
          helperText={error}
          inputRef={field.ref}
        />
      )}
    />
  );
}
