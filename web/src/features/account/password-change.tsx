import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { FormField } from '../../components/form-field.tsx';
import { FormMessage } from '../../components/form-message.tsx';
import { toast } from '../../components/toast.ts';
import { useServerSubmit } from '../../components/use-server-submit.ts';
import { zodResolver } from '../../shared/form-resolver.ts';
import { confirms, newPassword, text } from '../../shared/form-rules.ts';
import { useTranslation } from '../../shared/i18n.ts';
import { changePassword } from './api.ts';

interface Values {
  current_password: string;
  new_password: string;
  confirm: string;
}
const schema = z
  .object({ current_password: text(1, 1024), new_password: newPassword(), confirm: z.string() })
  .check(confirms<Values>('new_password'));
const EMPTY: Values = { current_password: '', new_password: '', confirm: '' };

/** The signed-in person's new password; the server ends their other sessions. */
export function PasswordChange() {
  const { t } = useTranslation();
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: EMPTY });
  const { formError, submitting, onSubmit } = useServerSubmit(
    form,
    ['current_password', 'new_password'],
    async (values) => {
      await changePassword({
        current_password: values.current_password,
        new_password: values.new_password,
      });
      form.reset(EMPTY);
      toast({ type: 'success', description: t('account.password.done') });
    },
  );
  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ maxWidth: 480 }}>
      <FormMessage message={formError} />
      <FormField
        control={form.control}
        name="current_password"
        label={t('account.password.current')}
        type="password"
        autoComplete="current-password"
        required
      />
      <FormField
        control={form.control}
        name="new_password"
        label={t('account.password.new')}
        hint={t('account.password.rules')}
        type="password"
        autoComplete="new-password"
        required
      />
      <FormField
        control={form.control}
        name="confirm"
        label={t('account.password.confirm')}
        type="password"
        autoComplete="new-password"
        required
      />
      <Button type="submit" variant="contained" sx={{ mt: 2 }} disabled={submitting}>
        {t('account.password.submit')}
      </Button>
    </Box>
  );
}
