import { visuallyHidden } from '../../shared/visually-hidden.ts';
import { useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../shared/i18n.ts';
import { SelectField } from '../../components/select-field.tsx';
import { ruleMessage } from '../../shared/rule-messages.ts';
import { roleLabel, type RoleOption, type UnitJson } from '../../shared/api/profiles.ts';
import type { ProfileValues } from './profile-form-rules.ts';
import { DANGER_TEXT } from '../../components/data-list/danger.ts';

/** The roles of a profile, each in a unit (none for ADMIN); saved rows can only be removed. */
export function AssignmentFields(props: {
  form: UseFormReturn<ProfileValues>;
  roles: RoleOption[];
  units: UnitJson[];
  canAdd: boolean;
  canRemove: boolean;
}) {
  const { t } = useTranslation();
  const { form, roles, units } = props;
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'assignments' });
  const rows = useWatch({ control: form.control, name: 'assignments' });
  const rootError = ruleMessage(
    form.formState.errors.assignments?.root?.message ?? form.formState.errors.assignments?.message,
    t,
  );
  const unitOptions = units.map((u) => ({ value: String(u.id), label: u.name }));
  return (
    <Box
      component="fieldset"
      sx={{ border: 0, p: 0, m: 0, mt: 3 }}
      aria-describedby={rootError ? 'assignments-error' : undefined}
    >
      <Typography component="legend" variant="h6">
        {t('profiles.fields.assignments')}
      </Typography>
      {rootError && (
        <Typography id="assignments-error" color="error" role="alert">
          {rootError}
        </Typography>
      )}
      {fields.map((field, index) => {
        const row = rows[index];
        if (row?.id !== undefined)
          return (
            <Box key={field.id} sx={{ display: 'flex', gap: 1, alignItems: 'center', my: 1 }}>
              <Chip
                label={`${roleLabel(roles, row.role, t)}${
                  row.unit
                    ? ` · ${units.find((u) => String(u.id) === row.unit)?.name ?? row.unit}`
                    : ''
                }`}
              />
              {props.canRemove && (
                <Button size="small" sx={DANGER_TEXT} onClick={() => remove(index)}>
                  {t('profiles.assignment.remove')}
                  <Box component="span" sx={visuallyHidden}>
                    {' '}
                    {roleLabel(roles, row.role, t)}
                  </Box>
                </Button>
              )}
            </Box>
          );
        return (
          <Box
            key={field.id}
            role="group"
            aria-label={t('profiles.assignment.label', { n: index + 1 })}
            sx={{ display: 'flex', gap: 2, alignItems: 'flex-end', flexWrap: 'wrap' }}
          >
            <Box sx={{ flex: '1 1 200px' }}>
              <SelectField
                control={form.control}
                name={`assignments.${index}.role`}
                label={t('profiles.fields.role')}
                options={roles}
                emptyLabel=""
                required
              />
            </Box>
            <Box sx={{ flex: '1 1 200px' }}>
              <SelectField
                control={form.control}
                name={`assignments.${index}.unit`}
                label={t('profiles.fields.unit')}
                options={unitOptions}
                emptyLabel={row?.role === 'ADMIN' ? t('profiles.assignment.noUnit') : ''}
                required={row?.role !== 'ADMIN'}
              />
            </Box>
            <Button sx={{ mb: 1.5 }} onClick={() => remove(index)}>
              {t('profiles.assignment.remove')}
              <Box component="span" sx={visuallyHidden}>
                {' '}
                {t('profiles.assignment.label', { n: index + 1 })}
              </Box>
            </Button>
          </Box>
        );
      })}
      {props.canAdd && (
        <Button
          sx={{ mt: 1 }}
          onClick={() => append({ unit: units.length === 1 ? String(units[0]!.id) : '', role: '' })}
        >
          {t('profiles.assignment.add')}
        </Button>
      )}
    </Box>
  );
}
