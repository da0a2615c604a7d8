import { useController, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from '../../shared/i18n.ts';
import { ruleMessage } from '../../shared/rule-messages.ts';
import type { PersonName } from '../../shared/api/profiles.ts';
import { PeopleField } from '../../components/people-field.tsx';
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
  const { field, fieldState } = useController({
    control: props.form.control,
    name: 'legal_representatives',
  });
  return (
    <PeopleField
      filter="roles=LEGAL_REPRESENTATIVE&status=ACTIVE"
      known={props.known}
      value={field.value}
      onChange={field.onChange}
      label={t('profiles.fields.legalRepresentatives')}
      error={ruleMessage(fieldState.error?.message, t)}
      inputRef={field.ref}
    />
  );
}
