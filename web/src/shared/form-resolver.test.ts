import { expect, it } from 'vitest';
import * as z from 'zod/mini';
import { email, required } from './form-rules.ts';
import { checksResolver, zodResolver } from './form-resolver.ts';
import { emailProblem, requiredProblem } from './rule-messages.ts';

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

it('reads plain checks as a schema would, for the sign-in page', async () => {
  const resolver = checksResolver<{ email: string; password: string }>({
    email: emailProblem,
    password: requiredProblem,
  });
  const options = { fields: {}, shouldUseNativeValidation: false };
  const refused = await resolver({ email: 'nope', password: ' ' }, undefined, options);
  expect(refused.errors).toMatchObject({
    email: { message: 'rules.email' },
    password: { message: 'rules.required' },
  });
  const long = `${'a'.repeat(250)}@x.ch`;
  expect((await resolver({ email: long, password: 'x' }, undefined, options)).errors).toMatchObject(
    {
      email: { message: 'rules.maxLength|254' },
    },
  );
  const accepted = await resolver({ email: ' ana@example.ch ', password: 'x' }, undefined, options);
  expect(accepted).toEqual({ values: { email: ' ana@example.ch ', password: 'x' }, errors: {} });
});
