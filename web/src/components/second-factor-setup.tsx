import { useState } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { FACTOR_LABEL_MAX_LENGTH } from '../../../domain/constants.ts';
import { zodResolver } from '../shared/form-resolver.ts';
import { required, text } from '../shared/form-rules.ts';
import { useTranslation } from '../shared/i18n.ts';
import { refusalMessage } from '../shared/server-errors.ts';
import {
  addPasskey,
  confirmTotpSetup,
  passkeysSupported,
  startTotpSetup,
  type FactorAddedJson,
  type TotpSetupJson,
} from '../shared/api/second-factors.ts';
import { AppButton } from './app-button.tsx';
import { FormField } from './form-field.tsx';
import { FormMessage } from './form-message.tsx';
import { useServerSubmit } from './use-server-submit.ts';

const schema = z.object({ code: required(), label: text(1, FACTOR_LABEL_MAX_LENGTH) });
type Values = z.infer<typeof schema>;

/** The secret in groups of four, as apps that take it typed show it. */
const grouped = (secret: string) => secret.replace(/(.{4})(?!$)/g, '$1 ');

/** An authenticator app: its QR code (or the secret to type), then its first code to confirm. */
function AppSetup({
  setup,
  onAdded,
}: {
  setup: TotpSetupJson;
  onAdded: (added: FactorAddedJson) => void;
}) {
  const { t } = useTranslation();
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { code: '', label: t('secondFactor.setup.appDefaultLabel') },
  });
  const { formError, submitting, onSubmit } = useServerSubmit(
    form,
    ['code', 'label'],
    async (values) => onAdded(await confirmTotpSetup(values)),
  );
  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ mt: 2 }}>
      <Typography>{t('secondFactor.setup.appScan')}</Typography>
      <Box
        component="img"
        src={`data:image/svg+xml;utf8,${encodeURIComponent(setup.qr_svg)}`}
        alt={t('secondFactor.setup.qrAlt')}
        sx={{ width: 200, height: 200, bgcolor: '#fff', p: 1, my: 1, display: 'block' }}
      />
      <Typography>{t('secondFactor.setup.appSecret')}</Typography>
      <Typography
        data-testid="totp-secret"
        sx={{ fontFamily: 'monospace', fontSize: '1.1rem', my: 1, wordBreak: 'break-all' }}
      >
        {grouped(setup.secret)}
      </Typography>
      <FormMessage message={formError} />
      <FormField
        control={form.control}
        name="code"
        label={t('secondFactor.setup.appCode')}
        autoComplete="one-time-code"
        required
      />
      <FormField
        control={form.control}
        name="label"
        label={t('secondFactor.setup.label')}
        required
      />
      <AppButton type="submit" disabled={submitting}>
        {t('secondFactor.setup.appConfirm')}
      </AppButton>
    </Box>
  );
}

/**
 * Setting up a second factor: a passkey (this device or a security key) or an authenticator app.
 * `onAdded` gets the new factor and, for a first factor, its recovery codes.
 */
export function SecondFactorSetup({ onAdded }: { onAdded: (added: FactorAddedJson) => void }) {
  const { t } = useTranslation();
  const [setup, setSetup] = useState<TotpSetupJson | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const attempt = async (step: () => Promise<void>, fallback: string) => {
    setBusy(true);
    setError(null);
    try {
      await step();
    } catch (failure) {
      setError(refusalMessage(failure, fallback));
    } finally {
      setBusy(false);
    }
  };
  const passkey = () =>
    attempt(
      async () => onAdded(await addPasskey(t('secondFactor.setup.passkeyDefaultLabel'))),
      t('secondFactor.passkeyCancelled'),
    );
  const app = () => attempt(async () => setSetup(await startTotpSetup()), t('errors.network'));
  return (
    <Box>
      <FormMessage message={error} />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1 }}>
        {passkeysSupported() && (
          <Button variant="contained" disabled={busy} onClick={() => void passkey()}>
            {t('secondFactor.setup.passkey')}
          </Button>
        )}
        <Button variant="outlined" disabled={busy} onClick={() => void app()}>
          {t('secondFactor.setup.app')}
        </Button>
      </Box>
      {setup && <AppSetup key={setup.secret} setup={setup} onAdded={onAdded} />}
    </Box>
  );
}
