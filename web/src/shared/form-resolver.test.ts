import { expect, it } from 'vitest';
import * as z from 'zod/mini';
import { email, required } from './form-rules.ts';
import { zodResolver } from './form-resolver.ts';

const resolve = (values: object) =>
  zodResolver(z.object({ email: email(), password: required() }))(values as never, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });

it('gives each field its first refusal', async () => {
  const result = await resolve({ email: 'nope', password: '' });
  expect(result.errors).toMatchObject({
    email: { message: 'rules.email' },
    password: { message: 'rules.required' },
  });
});

it('passes the parsed values on', async () => {
  const result = await resolve({ email: ' ana@example.ch ', password: 'x' });
  expect(result).toEqual({ values: { email: 'ana@example.ch', password: 'x' }, errors: {} });
});
