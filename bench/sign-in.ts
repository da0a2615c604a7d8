import { setTimeout as sleep } from 'node:timers/promises';
import { TOTP_STEP_SECONDS, totpCode, totpStepAt } from '../server/auth/totp.ts';

/** The step of the authenticator app's code each secret last gave, in this process. */
const lastStep = new Map<string, number>();

/**
 * The app's current code, waiting for the next one when this process already gave the current
 * one (as a person does): the server accepts a code once, and two sign-ins of one bench can
 * fall within one 30-second step.
 */
async function freshCode(secret: string): Promise<string> {
  let step = totpStepAt(new Date());
  while (step <= (lastStep.get(secret) ?? -1)) {
    await sleep((step + 1) * TOTP_STEP_SECONDS * 1000 - Date.now() + 50);
    step = totpStepAt(new Date());
  }
  lastStep.set(secret, step);
  return totpCode(secret, step);
}

/**
 * Signs in through our API as a browser does (with the authenticator app's code when the login
 * has one) and answers the headers its next calls carry: the cookies the sign-in set (the CSRF
 * token bound to the session, the session, the session hint) and the CSRF header. The raw
 * baseline accepts the same headers.
 */
export async function signIn(
  origin: string,
  email: string,
  password: string,
  totpSecret?: string,
): Promise<Record<string, string>> {
  const about = await fetch(`${origin}/api/about/`);
  const csrf = /csrftoken=([^;]+)/.exec(about.headers.getSetCookie().join(';'))![1]!;
  const login = await fetch(`${origin}/api/auth/login/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: `csrftoken=${csrf}`,
      'x-csrftoken': csrf,
      origin,
    },
    body: JSON.stringify({ email, password }),
  });
  if (login.status !== 200)
    throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
  const set = login.headers.getSetCookie().join(';');
  const session = /sessionid=([^;]+)/.exec(set)![1]!;
  const bound = /csrftoken=([^;]+)/.exec(set)![1]!;
  const headers = {
    cookie: `csrftoken=${bound}; sessionid=${session}; signed_in=1`,
    'x-csrftoken': bound,
    origin,
    'accept-language': 'fr',
  };
  if (totpSecret) {
    const code = await freshCode(totpSecret);
    const proved = await fetch(`${origin}/api/auth/second-factor/`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ code }),
    });
    if (proved.status !== 204) throw new Error(`second factor refused: ${proved.status}`);
  }
  return headers;
}
