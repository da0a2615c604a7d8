import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';

let t: TestApp;
beforeAll(async () => (t = await createTestApp()));
afterAll(() => t.close());

it('serves a valid OpenAPI document: every reference resolves, every route is in it', async () => {
  const response = await t.client().get('/api/docs/json');
  expect(response.statusCode).toBe(200);
  const document = response.json();
  await expect(SwaggerParser.validate(structuredClone(document))).resolves.toBeTruthy();
  expect(Object.keys(document.paths)).toEqual(
    expect.arrayContaining(['/api/health/', '/api/auth/email-change/', '/api/profiles/import/']),
  );
});
