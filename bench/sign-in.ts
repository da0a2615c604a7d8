import { totpCode, totpStepAt } from '../server/auth/totp.ts';

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
    const code = totpCode(totpSecret, totpStepAt(new Date()));
    const proved = await fetch(`${origin}/api/auth/second-factor/`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ code }),
    });
    if (proved.status !== 204) throw new Error(`second factor refused: ${proved.status}`);
  }
  return headers;
}
