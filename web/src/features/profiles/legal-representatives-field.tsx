import { useState } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useTranslation } from '../../shared/i18n.ts';
import { ruleMessage } from '../../shared/rule-messages.ts';
import type { PersonName } from '../../shared/api/profiles.ts';
import { useProfileSearch } from '../../components/use-profile-search.ts';
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
  const [names, setNames] = useState(() => new Map(props.known.map((p) => [p.id, p])));
  const personOf = (id: number): PersonName =>
    names.get(id) ?? { id, first_name: '', last_name: `#${id}` };
  return (
    <Controller
      control={props.form.control}
      name="legal_representatives"
      render={({ field, fieldState }) => {
        const error = ruleMessage(fieldState.error?.message, t);
        return (
          <Autocomplete
            multiple
            filterSelectedOptions
            sx={{ mt: 2 }}
            {...search.autocomplete}
            value={field.value.map(personOf)}
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
      }}
    />
  );
}
