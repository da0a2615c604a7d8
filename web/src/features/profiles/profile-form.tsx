import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from '../../shared/i18n.ts';
import { useSession } from '../../shared/session.ts';
import { FormField } from '../../components/form-field.tsx';
import { FormMessage } from '../../components/form-message.tsx';
import { SelectField } from '../../components/select-field.tsx';
import { applyServerErrors } from '../../shared/server-errors.ts';
import { useLocalePath } from '../../shared/use-locale-path.ts';
import { PROFILE_KINDS, useRoles, useUnits, type PersonName } from '../../shared/api/profiles.ts';
import { AssignmentFields } from './assignment-fields.tsx';
import { useEmailExistenceCheck } from './email-check.ts';
import { LegalRepresentativesField } from './legal-representatives-field.tsx';
import { profileResolver, type ProfileValues } from './profile-form-rules.ts';

const FIELDS = [
  'first_name',
  'last_name',
  'email',
  'kind',
  'birth_date',
  'legal_representatives',
  'assignments',
];

function serverFields(values: ProfileValues) {
  return [
    ...FIELDS,
    ...values.assignments.flatMap((_, i) => [`assignments.${i}.unit`, `assignments.${i}.role`]),
  ] as never[];
}

/**
 * The fields of a profile for /profiles/new and /profiles/{id}/edit. `save` throws the API's
 * refusal: its field messages land next to their fields and the typed values stay.
 */
export function ProfileForm(props: {
  initial: ProfileValues;
  /** the names of the legal representatives in `initial` */
  knownRepresentatives: PersonName[];
  savedEmail: string | null;
  isNew: boolean;
  submitLabel: string;
  cancelTo: string;
  save: (values: ProfileValues) => Promise<void>;
}) {
  const { t } = useTranslation();
  const { locale, go } = useLocalePath();
  const { user } = useSession();
  const isAdmin = Boolean(user?.permissions.includes('addUnit'));
  const canManageAssignments = props.isNew || Boolean(user?.permissions.includes('addAssignment'));
  const roles = useRoles(locale);
  const units = useUnits();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ProfileValues>({
    resolver: profileResolver({ needsAssignment: props.isNew && !isAdmin }),
    defaultValues: props.initial,
  });
  useEmailExistenceCheck(form, t('profiles.emailExists'), props.savedEmail);
  const assignments = useWatch({ control: form.control, name: 'assignments' });
  const isStudent = assignments.some((a) => a.role === 'STUDENT');

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await props.save(values);
    } catch (error) {
      setFormError(
        applyServerErrors(error, serverFields(values), form.setError, t('errors.network')),
      );
    }
  });

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ maxWidth: 720 }}>
      <FormMessage message={formError} />
      <Box sx={{ display: 'grid', gap: { md: 2 }, gridTemplateColumns: { md: '1fr 1fr' } }}>
        <FormField
          control={form.control}
          name="first_name"
          label={t('profiles.fields.firstName')}
          autoComplete="off"
          required
        />
        <FormField
          control={form.control}
          name="last_name"
          label={t('profiles.fields.lastName')}
          autoComplete="off"
          required
        />
      </Box>
      <FormField
        control={form.control}
        name="email"
        type="email"
        autoComplete="off"
        label={t('profiles.fields.email')}
        hint={t('profiles.emailHint')}
      />
      <AssignmentFields
        form={form}
        roles={roles.data?.roles ?? []}
        units={units.data ?? []}
        canAdd={canManageAssignments}
        canRemove={canManageAssignments}
      />
      {isStudent && (
        <>
          <SelectField
            control={form.control}
            name="kind"
            label={t('profiles.fields.kind')}
            emptyLabel=""
            options={PROFILE_KINDS.map((k) => ({ value: k, label: t(`profiles.kinds.${k}`) }))}
          />
          <FormField
            control={form.control}
            name="birth_date"
            type="date"
            label={t('profiles.fields.birthDate')}
            hint={t('profiles.birthDateHint')}
          />
          <LegalRepresentativesField form={form} known={props.knownRepresentatives} />
        </>
      )}
      <Box sx={{ display: 'flex', gap: 2, mt: 3 }}>
        <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
          {props.submitLabel}
        </Button>
        <Button onClick={() => void go(props.cancelTo)}>{t('list.cancel')}</Button>
      </Box>
    </Box>
  );
}
