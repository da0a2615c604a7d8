import { queryOptions } from '@tanstack/react-query';
import type {
  FactorAddedJson,
  RecoveryCodesJson,
  SecondFactorJson,
  SecondFactorsJson,
  TotpSetupJson,
} from '../../../../domain/schemas/second-factors.ts';
import { api } from '../api-client.ts';

export type { FactorAddedJson, SecondFactorJson, TotpSetupJson };

export const listSecondFactors = (signal?: AbortSignal) =>
  api.get<SecondFactorsJson>('/users/me/second-factors/', { signal });

export const secondFactorsQuery = () =>
  queryOptions({
    queryKey: ['users', 'me', 'second-factors'],
    queryFn: ({ signal }) => listSecondFactors(signal),
  });

/** Whether this browser can create and use passkeys at all. */
export const passkeysSupported = () =>
  typeof window !== 'undefined' && 'PublicKeyCredential' in window;

/** The WebAuthn helper is loaded only when a passkey is used: it is no weight on other pages. */
const webAuthn = () => import('@simplewebauthn/browser');
type RegistrationOptions = Parameters<
  Awaited<ReturnType<typeof webAuthn>>['startRegistration']
>[0]['optionsJSON'];
type AuthenticationOptions = Parameters<
  Awaited<ReturnType<typeof webAuthn>>['startAuthentication']
>[0]['optionsJSON'];

export const startTotpSetup = () => api.post<TotpSetupJson>('/users/me/second-factors/totp/');
export const confirmTotpSetup = (body: { code: string; label: string }) =>
  api.post<FactorAddedJson>('/users/me/second-factors/totp/confirm/', body);

/** Creates a passkey in the browser (its own dialog) and registers it as a factor. */
export async function addPasskey(label: string): Promise<FactorAddedJson> {
  const optionsJSON = await api.post<RegistrationOptions>(
    '/users/me/second-factors/passkey/options/',
  );
  const response = await (await webAuthn()).startRegistration({ optionsJSON });
  return api.post<FactorAddedJson>('/users/me/second-factors/passkey/', { response, label });
}

export const removeSecondFactor = (id: number) => api.delete(`/users/me/second-factors/${id}/`);
export const renewRecoveryCodes = () => api.post<RecoveryCodesJson>('/users/me/recovery-codes/');

/** The second step of a sign-in: an app's code or a recovery code. */
export const proveWithCode = (code: string) => api.post('/auth/second-factor/', { code });

/** The second step of a sign-in with a passkey (the browser asks for it). */
export async function proveWithPasskey(): Promise<void> {
  const optionsJSON = await api.post<AuthenticationOptions>('/auth/second-factor/passkey/options/');
  const response = await (await webAuthn()).startAuthentication({ optionsJSON });
  await api.post('/auth/second-factor/passkey/', { response });
}

export const resetSecondFactor = (profileId: number) =>
  api.post(`/profiles/${profileId}/second-factor-reset/`);
