import { afterAll, beforeAll, expect, it } from 'vitest';
import { AppError } from '../lib/errors.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { assertNotThrottled, LOGIN_THROTTLE, recordLoginFailure } from './throttle.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const minutes = (n: number) => n * 60_000;
const NOW = new Date('2026-03-02T08:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);

async function waitSeconds(input: { email: string; address: string }): Promise<number> {
  try {
    await assertNotThrottled(t.database.db, input, NOW);
    return 0;
  } catch (error) {
    if (!(error instanceof AppError) || error.statusCode !== 429) throw error;
    return Number(error.headers['retry-after']);
  }
}

it('asks to wait until the oldest counted failure leaves the 15-minute window', async () => {
  const attempt = { email: 'Anna@Example.ch', address: '192.0.2.1' };
  // failures 14, 12, 10, 8 and 6 minutes ago: the one of 14 minutes ago frees a place in 1 minute
  for (const m of [14, 12, 10, 8])
    await recordLoginFailure(t.database.db, attempt, ago(minutes(m)));
  expect(await waitSeconds(attempt)).toBe(0);
  await recordLoginFailure(t.database.db, attempt, ago(minutes(6)));
  expect(await waitSeconds(attempt)).toBe(60);
  expect(await waitSeconds({ email: 'anna@example.ch', address: '192.0.2.99' })).toBe(60);
});

it('does not count failures older than the window', async () => {
  const attempt = { email: 'old@example.ch', address: '192.0.2.2' };
  for (let i = 0; i < LOGIN_THROTTLE.perAccount; i++)
    await recordLoginFailure(t.database.db, attempt, ago(LOGIN_THROTTLE.windowMs + minutes(i + 1)));
  expect(await waitSeconds(attempt)).toBe(0);
});

it('counts an address per account: one school address is never locked as a whole', async () => {
  const address = '192.0.2.3';
  for (let i = 0; i < LOGIN_THROTTLE.perAddressAndAccount; i++)
    await recordLoginFailure(
      t.database.db,
      { email: `u${i}@example.ch`, address },
      ago(minutes(5)),
    );
  expect(await waitSeconds({ email: 'fresh@example.ch', address })).toBe(0);
});
