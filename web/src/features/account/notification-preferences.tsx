import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import Box from '@mui/material/Box';
import {
  MAIL_FREQUENCIES,
  NOTIFICATION_KINDS,
  type MailFrequency,
  type NotificationKind,
} from '../../../../domain/constants.ts';
import { FormMessage } from '../../components/form-message.tsx';
import { toast } from '../../components/toast.ts';
import { useTranslation } from '../../shared/i18n.ts';
import { refusalMessage } from '../../shared/server-errors.ts';
import { changePreferences, preferencesQuery } from '../../shared/api/notifications.ts';

function FrequencyChoice(props: {
  kind: NotificationKind;
  value: MailFrequency;
  busy: boolean;
  onChange: (value: MailFrequency) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="form-field">
      <label htmlFor={id}>{t(`account.notifications.kind.${props.kind}`)}</label>
      <select
        id={id}
        value={props.value}
        disabled={props.busy}
        onChange={(event) => props.onChange(event.target.value as MailFrequency)}
      >
        {MAIL_FREQUENCIES.map((frequency) => (
          <option key={frequency} value={frequency}>
            {t(`enums.mailFrequency.${frequency}`)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** How often each kind of notification comes by mail: at once, in Monday's digest or never. */
export function NotificationPreferences() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const preferences = useQuery(preferencesQuery());
  const save = useMutation({
    mutationFn: changePreferences,
    onSuccess: (saved) => {
      client.setQueryData(preferencesQuery().queryKey, saved);
      toast({ type: 'success', description: t('account.notifications.saved') });
    },
  });
  if (preferences.isError) return <FormMessage message={t('account.notifications.failed')} />;
  if (!preferences.data) return <p role="status">{t('common.loading')}</p>;
  const current = preferences.data;
  if (Object.keys(current).length === 0) return <p>{t('account.notifications.none')}</p>;
  return (
    <Box sx={{ maxWidth: '32rem' }}>
      {NOTIFICATION_KINDS.filter((kind) => current[kind]).map((kind) => (
        <FrequencyChoice
          key={kind}
          kind={kind}
          value={current[kind]!}
          busy={save.isPending}
          onChange={(frequency) => save.mutate({ [kind]: frequency })}
        />
      ))}
      {save.isError && <FormMessage message={refusalMessage(save.error, t('errors.network'))} />}
    </Box>
  );
}
