import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { createPerson, TEST_PASSWORD } from '../test/factories.ts';

/** The page the whole application sends, as a browser asks it, with what the session allows. */
describe("a signed-in visitor's page", () => {
  const root = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  let t: TestApp;

  beforeAll(async () => {
    writeFileSync(path.join(root, 'index.html'), '<html><head></head><body></body></html>');
    mkdirSync(path.join(root, '.vite'));
    const home = { id: 'home', path: '', public: false, signedInRedirect: false, files: [] };
    writeFileSync(
      path.join(root, '.vite', 'start-hints.json'),
      JSON.stringify({ api: '/api', pages: [home] }),
    );
    t = await createTestApp({ WEB_DIST: root });
  });
  afterAll(async () => {
    await t.close();
    rmSync(root, { recursive: true, force: true });
  });

  const pageOf = (client: ReturnType<TestApp['client']>) =>
    client.get('/', { accept: 'text/html' }).then((page) => page.body);

  it('names the profile of the person signed in', async () => {
    const { email, profile } = await createPerson(t.database.db);
    const client = await t.client().login(email, TEST_PASSWORD);
    const body = await pageOf(client);
    expect(body).toContain('crossorigin="use-credentials" href="/api/users/me/"');
    expect(body).toContain(`crossorigin="use-credentials" href="/api/profiles/${profile.id}/"`);
  });

  it('names no profile before the data-processing consent, nor for an ended session', async () => {
    const { email } = await createPerson(t.database.db, {
      user: { dataProcessingAcceptedAt: null },
    });
    const client = await t.client().login(email, TEST_PASSWORD);
    expect(await pageOf(client)).not.toContain('/api/profiles/');

    const { email: other } = await createPerson(t.database.db);
    const ended = await t.client().login(other, TEST_PASSWORD);
    const cookies = new Map(ended.cookies);
    await ended.post('/api/auth/logout/');
    for (const [name, value] of cookies) ended.cookies.set(name, value);
    expect(await pageOf(ended)).not.toContain('/api/profiles/');
  });
});
