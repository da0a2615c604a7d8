import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { createPerson, TEST_PASSWORD } from '../test/factories.ts';

/** Every line the application logged, as text, at the most verbose level. */
let captured = '';
const logStream = new Writable({
  write(chunk, _encoding, done) {
    captured += String(chunk);
    done();
  },
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'trace' }, { logStream });
});
afterAll(() => t.close());

it('logs no e-mail address and no name on the failure paths', async () => {
  const { email: adminEmail } = await createPerson(t.database.db, {
    roles: [{ role: 'ADMIN', unitId: null }],
    profile: { firstName: 'Adalbertine', lastName: 'Quirinal' },
  });
  const { email: knownEmail } = await createPerson(t.database.db, {
    profile: { firstName: 'Zéphyrine', lastName: 'Obermattli' },
  });
  const anonymous = t.client();
  // a failed sign-in, of an unknown and of a known address
  await anonymous.post('/api/auth/login/', {
    email: 'nobody.here@example.ch',
    password: 'x'.repeat(12),
  });
  await anonymous.post('/api/auth/login/', { email: knownEmail, password: 'x'.repeat(12) });
  // a reset request, a malformed body quoting an address
  await anonymous.post('/api/auth/password-reset-request/', { email: knownEmail });
  const admin = await t.client().login(adminEmail, TEST_PASSWORD);
  await admin.post('/api/profiles/exist/', `{"email": "${knownEmail}"`, {
    'content-type': 'application/json',
  });
  // a search by name, an existing address again, a value the database refuses
  await admin.get('/api/profiles/?search=Obermattli&limit=5');
  await admin.post('/api/profiles/', {
    first_name: 'Zéphyrine',
    last_name: 'Obermattli',
    email: knownEmail,
  });
  await admin.post('/api/units/', { name: 'Werkstatt\u0000Hinterrhein', code: 'HRH' });

  expect(captured).toContain('"url":"/api/profiles/?search=…&limit=…"');
  for (const secret of [
    adminEmail,
    knownEmail,
    'nobody.here@example.ch',
    'Obermattli',
    'Zéphyrine',
    'Quirinal',
    'Hinterrhein',
  ])
    expect(captured, secret).not.toContain(secret);
  // the search term's non-ASCII form, as a URL would carry it
  expect(captured).not.toContain(encodeURIComponent('Zéphyrine'));
});
