import { useQuery } from '@tanstack/react-query';
import { Controller, type UseFormReturn } from 'react-hook-form';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useTranslation } from '../../shared/i18n.ts';
import { ruleMessage } from '../../shared/rule-messages.ts';
import { fullName, profileListQuery } from '../../shared/api/profiles.ts';
import type { ProfileValues } from './profile-form-rules.ts';

/** Picks the legal representatives of a student among those the reader sees. */
export function LegalRepresentativesField({ form }: { form: UseFormReturn<ProfileValues> }) {
  const { t } = useTranslation();
  const candidates = useQuery(
    profileListQuery('roles=LEGAL_REPRESENTATIVE&limit=1000&status=ACTIVE'),
  );
  const options = candidates.data?.results ?? [];
  return (
    <Controller
      control={form.control}
      name="legal_representatives"
      render={({ field, fieldState }) => {
        const error = ruleMessage(fieldState.error?.message, t);
        return (
          <Autocomplete
            multiple
            sx={{ mt: 2 }}
            options={options.map((o) => o.id)}
            value={field.value}
            loading={candidates.isPending}
            onChange={(_, value) => field.onChange(value)}
            getOptionLabel={(id) => {
              const found = options.find((o) => o.id === id);
              return found ? fullName(found) : `#${id}`;
            }}
            renderInput={(params) => (
              <TextField
                {...params}
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
