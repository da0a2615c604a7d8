import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';

interface Issue {
  path: PropertyKey[];
  message: string;
  code?: string;
}
interface Schema<T> {
  safeParse(
    data: unknown,
  ): { success: true; data: T } | { success: false; error: { issues: Issue[] } };
}

/**
 * react-hook-form reads a zod (mini) schema: the first issue of each field becomes its error.
 * Written here instead of @hookform/resolvers to keep the login page's JavaScript small.
 */
export function zodResolver<T extends FieldValues>(schema: Schema<T>): Resolver<T> {
  return (values) => {
    const result = schema.safeParse(values);
    if (result.success) return { values: result.data, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of result.error.issues) {
      const name = issue.path.map(String).join('.');
      errors[name] ??= { type: issue.code ?? 'validation', message: issue.message };
    }
    return { values: {}, errors: errors as unknown as FieldErrors<T> };
  };
}

/**
 * react-hook-form reads one check per field (a value → its rule message, or undefined): for a
 * form too small to carry a schema library on the sign-in page.
 */
export function checksResolver<T extends Record<string, string>>(checks: {
  [K in keyof T]: (value: string) => string | undefined;
}): Resolver<T> {
  return (values) => {
    const errors: Record<string, { type: string; message: string }> = {};
    for (const name of Object.keys(checks) as (keyof T & string)[]) {
      const message = checks[name](values[name] ?? '');
      if (message) errors[name] = { type: 'validation', message };
    }
    if (Object.keys(errors).length > 0)
      return { values: {}, errors: errors as unknown as FieldErrors<T> };
    return { values, errors: {} };
  };
}
