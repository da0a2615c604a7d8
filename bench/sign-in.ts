/**
 * Signs in through our API as a browser does and answers the headers its next calls carry: the
 * cookies the sign-in set (CSRF token, session, the session hint) and the CSRF header. The raw
 * baseline accepts the same headers.
 */
export async function signIn(
  origin: string,
  email: string,
  password: string,
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
  const session = /sessionid=([^;]+)/.exec(login.headers.getSetCookie().join(';'))![1]!;
  return {
    cookie: `csrftoken=${csrf}; sessionid=${session}; signed_in=1`,
    'x-csrftoken': csrf,
    origin,
    'accept-language': 'fr',
  };
}
