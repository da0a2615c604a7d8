import Fastify from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { errorCode, errorHandler } from './error-handler.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { units } from '../db/schema/index.ts';

let database: Database;
const app = Fastify();
beforeAll(async () => {
  database = openDatabase({});
  await database.migrate();
  app.decorateRequest('locale', 'de');
  app.setErrorHandler(errorHandler);
  // what two racing requests end in: the second insert of the same unique code
  app.get('/race', async () => {
    await database.db.insert(units).values({ name: 'A', code: 'RACE' });
    await database.db.insert(units).values({ name: 'B', code: 'RACE' });
    return {};
  });
  app.get('/crash', async () => {
    throw new Error('secret internals');
  });
});
afterAll(async () => {
  await app.close();
  await database.close();
});

it('answers 409 with a localised message when the database refuses a duplicate', async () => {
  const response = await app.inject('/race');
  expect(response.statusCode).toBe(409);
  expect(response.json()).toEqual({
    code: 'conflict',
    detail: 'Konflikt mit einer gleichzeitigen Änderung',
  });
});

it('never shows internals on an unexpected error', async () => {
  const response = await app.inject('/crash');
  expect(response.statusCode).toBe(500);
  expect(response.body).not.toContain('secret');
  expect(response.json()).toEqual({
    code: 'server_error',
    detail: 'Ein unerwarteter Fehler ist aufgetreten',
  });
});

it('names each refusal by a stable code: the message key in snake_case', () => {
  expect(errorCode('staleVersion')).toBe('stale_version');
  expect(errorCode('moduleNotOpen_LOCKED')).toBe('module_not_open_locked');
  expect(errorCode('notFound')).toBe('not_found');
});
