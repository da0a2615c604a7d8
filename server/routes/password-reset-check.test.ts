import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { createPerson } from '../test/factories.ts';

let t: TestApp;
beforeAll(async () => (t = await createTestApp()));
afterAll(() => t.close());

const tokenOf = (text: string) => /set-password\?user=\d+&token=([\w-]+)/.exec(text)![1]!;

it('tells whether a set-password link may still be used, without using it', async () => {
  const { email, user } = await createPerson(t.database.db);
  await t.client().post('/api/auth/password-reset-request/', { email });
  const token = tokenOf(t.mail.last(email)!.text);
  const check = () => t.client().post('/api/auth/password-reset/check/', { user: user!.id, token });

  expect((await check()).json()).toEqual({ valid: true });
  expect((await check()).statusCode).toBe(200);
  const set = await t.client().post('/api/auth/password-reset/', {
    user: user!.id,
    token,
    password: 'a-fresh-password-2026',
  });
  expect(set.statusCode).toBe(200);

  const used = await check();
  expect(used.statusCode).toBe(400);
  expect(used.json()).toEqual({
    token: ['Ce lien est invalide ou a expiré. Demandez-en un nouveau.'],
  });
});

it('answers a wrong user or token the same way', async () => {
  const { email, user } = await createPerson(t.database.db);
  await t.client().post('/api/auth/password-reset-request/', { email });
  const token = tokenOf(t.mail.last(email)!.text);
  const wrongUser = await t
    .client()
    .post('/api/auth/password-reset/check/', { user: user!.id + 1000, token });
  const wrongToken = await t
    .client()
    .post('/api/auth/password-reset/check/', { user: user!.id, token: 'x' });
  expect(wrongUser.statusCode).toBe(400);
  expect(wrongToken.body).toBe(wrongUser.body);
});
