import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { Link, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { safeNext } from '../../app/navigation-rules.ts';
import { startDeps } from '../../app/root.tsx';
import { startSequence } from '../../app/start.ts';
import { AppButton } from '../../components/app-button.tsx';
import { FormField } from '../../components/form-field.tsx';
import { FormMessage } from '../../components/form-message.tsx';
import { toast } from '../../components/toast.ts';
import { RecoveryCodes } from '../../components/recovery-codes.tsx';
import { SecondFactorSetup } from '../../components/second-factor-setup.tsx';
import { useServerSubmit } from '../../components/use-server-submit.ts';
import { zodResolver } from '../../shared/form-resolver.ts';
import { required } from '../../shared/form-rules.ts';
import { useTranslation } from '../../shared/i18n.ts';
import { refusalMessage } from '../../shared/server-errors.ts';
import { useSession } from '../../shared/session.ts';
import { useLocalePath } from '../../shared/use-locale-path.ts';
import {
  passkeysSupported,
  proveWithCode,
  proveWithPasskey,
  listSecondFactors,
} from '../../shared/api/second-factors.ts';
import { AuthCard } from './auth-card.tsx';

const schema = z.object({ code: required() });

/** Whether the person has a passkey this browser could use (the sign-in pages hold no query cache). */
function useHasPasskey(): boolean {
  const [has, setHas] = useState(false);
  useEffect(() => {
    if (!passkeysSupported()) return;
    let live = true;
    listSecondFactors()
      .then((list) => live && setHas(list.factors.some((f) => f.kind === 'PASSKEY')))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return has;
}

/** The second step of a sign-in: a passkey, an app's code or a recovery code. */
function Proof({ onProved }: { onProved: () => Promise<void> }) {
  const { t } = useTranslation();
  const hasPasskey = useHasPasskey();
  const [passkeyError, setPasskeyError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { code: '' } });
  const { formError, submitting, onSubmit } = useServerSubmit(form, ['code'], async (values) => {
    await proveWithCode(values.code);
    await onProved();
  });
  const passkey = async () => {
    setBusy(true);
    setPasskeyError(null);
    try {
      await proveWithPasskey();
      await onProved();
    } catch (error) {
      setPasskeyError(refusalMessage(error, t('secondFactor.passkeyCancelled')));
      setBusy(false);
    }
  };
  return (
    <AuthCard title={t('secondFactor.prove.title')}>
      {hasPasskey && (
        <Box sx={{ mb: 3 }}>
          <FormMessage message={passkeyError} />
          <Button variant="contained" disabled={busy} onClick={() => void passkey()}>
            {t('secondFactor.prove.passkey')}
          </Button>
        </Box>
      )}
      <Box component="form" noValidate onSubmit={onSubmit}>
        <FormMessage message={formError} />
        <FormField
          control={form.control}
          name="code"
          label={t('secondFactor.prove.code')}
          hint={t('secondFactor.prove.codeHint')}
          autoComplete="one-time-code"
          required
        />
        <AppButton type="submit" className="full-width" disabled={submitting}>
          {t('secondFactor.prove.submit')}
        </AppButton>
      </Box>
    </AuthCard>
  );
}

/** What a role that needs a second factor meets until it has one: setting one up. */
function RequiredSetup({ onDone }: { onDone: () => Promise<void> }) {
  const { t } = useTranslation();
  const [codes, setCodes] = useState<string[] | null>(null);
  return (
    <AuthCard title={t('secondFactor.required.title')}>
      {codes ? (
        <>
          <RecoveryCodes codes={codes} />
          <Box sx={{ mt: 3 }}>
            <AppButton onClick={() => void onDone()}>
              {t('secondFactor.required.continue')}
            </AppButton>
          </Box>
        </>
      ) : (
        <>
          <Typography>{t('secondFactor.required.intro')}</Typography>
          <SecondFactorSetup
            onAdded={(added) =>
              added.recovery_codes ? setCodes(added.recovery_codes) : void onDone()
            }
          />
        </>
      )}
    </AuthCard>
  );
}

/** /second-factor: proving the second factor at sign-in, or setting up the one a role requires. */
export default function SecondFactorPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const { go, to } = useLocalePath();
  const [search] = useSearchParams();
  // the state at arrival: a set-up stays on screen (with its codes) once the session is verified
  const [required] = useState(user?.second_factor === 'SETUP_REQUIRED');
  const goOn = async () => {
    await startSequence(startDeps);
    toast({ description: t('login.welcome'), type: 'success' });
    await go(safeNext(search.get('next')) ?? '/', { replace: true });
  };
  return (
    <>
      {required ? <RequiredSetup onDone={goOn} /> : <Proof onProved={goOn} />}
      <Box sx={{ mt: 2, textAlign: 'center' }}>
        <Link to={to('/logout')}>{t('nav.logout')}</Link>
      </Box>
    </>
  );
}
