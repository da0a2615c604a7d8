import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { createPerson, TEST_PASSWORD } from '../test/factories.ts';

const ORIGIN = 'https://vet.example.ch';
let t: TestApp;
let email: string;
beforeAll(async () => {
  t = await createTestApp({ APP_ORIGIN: ORIGIN });
  ({ email } = await createPerson(t.database.db));
});
afterAll(() => t.close());

const credentials = () => ({ email, password: TEST_PASSWORD });

describe('unsafe methods', () => {
  it('are refused (403, localised) without the X-CSRFToken header', async () => {
    const client = t.client();
    client.language = 'de';
    await client.get('/api/about/');
    const cookie = `csrftoken=${client.cookies.get('csrftoken')}`;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      payload: credentials(),
      headers: { cookie, 'accept-language': 'de' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().detail).toMatch(/^Die Sicherheitsprüfung \(CSRF\)/);
  });

  it('are refused with a header that does not match the cookie', async () => {
    const client = t.client();
    const response = await client.post('/api/auth/login/', credentials(), {
      'x-csrftoken': 'forged',
    });
    expect(response.statusCode).toBe(403);
  });

  it('are refused without the cookie, even with a header', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout/',
      headers: { 'x-csrftoken': 'anything' },
    });
    expect(response.statusCode).toBe(403);
  });

  it('are refused from a foreign Origin even with a matching token', async () => {
    const client = await t.client().login(email, TEST_PASSWORD);
    const foreign = await client.post('/api/users/me/accept-data-processing/', undefined, {
      origin: 'https://evil.example.com',
    });
    expect(foreign.statusCode).toBe(403);
    const ours = await client.post('/api/users/me/accept-data-processing/', undefined, {
      origin: ORIGIN,
    });
    expect(ours.statusCode).toBe(200);
  });

  it('pass with the cookie echoed in the header', async () => {
    expect((await t.client().post('/api/auth/login/', credentials())).statusCode).toBe(200);
  });
});

it('lets safe methods through without a token, and hands out the cookie', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/api/about/' });
  expect(response.statusCode).toBe(200);
  const cookie = response.cookies.find((c) => c.name === 'csrftoken');
  expect(cookie).toMatchObject({ sameSite: 'Lax', secure: true, path: '/' });
  expect(cookie!.httpOnly).toBeFalsy();
});

it('hands out the cookie with a page too, so a first form can be sent without any API call before', async () => {
  const page = await t.app.inject({
    method: 'GET',
    url: '/login',
    headers: { accept: 'text/html' },
  });
  const token = page.cookies.find((c) => c.name === 'csrftoken');
  expect(token?.value).toBeTruthy();
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login/',
    payload: credentials(),
    headers: { cookie: `csrftoken=${token!.value}`, 'x-csrftoken': token!.value, origin: ORIGIN },
  });
  expect(login.statusCode).toBe(200);
  // built files carry no cookie, not even the session hint: they are cached for good
  const asset = await t.app.inject({
    method: 'GET',
    url: '/favicon.svg',
    headers: { cookie: 'sessionid=anything' },
  });
  expect(asset.cookies).toEqual([]);
});

describe('once signed in', () => {
  it('the token is bound to the session: sign-in gives a new one, a planted pair no longer passes', async () => {
    const client = t.client();
    await client.get('/api/about/');
    const before = client.cookies.get('csrftoken')!;
    await client.login(email, TEST_PASSWORD);
    const bound = client.cookies.get('csrftoken')!;
    expect(bound).not.toBe(before);
    // a cookie planted by a neighbouring site, echoed in the header, is the old double submit
    const cookie = `sessionid=${client.cookies.get('sessionid')}; csrftoken=planted`;
    const planted = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/accept-data-processing/',
      headers: { cookie, 'x-csrftoken': 'planted' },
    });
    expect(planted.statusCode).toBe(403);
    // another session's token is no better
    const other = await t.client().login(email, TEST_PASSWORD);
    const foreign = await client.post('/api/users/me/accept-data-processing/', undefined, {
      'x-csrftoken': other.cookies.get('csrftoken')!,
    });
    expect(foreign.statusCode).toBe(403);
    expect((await client.post('/api/users/me/accept-data-processing/')).statusCode).toBe(200);
  });

  it('signing out hands out a new anonymous token', async () => {
    const client = await t.client().login(email, TEST_PASSWORD);
    const bound = client.cookies.get('csrftoken')!;
    expect((await client.post('/api/auth/logout/')).statusCode).toBe(204);
    const fresh = client.cookies.get('csrftoken')!;
    expect(fresh).not.toBe(bound);
    expect((await client.post('/api/auth/login/', credentials())).statusCode).toBe(200);
  });
});
