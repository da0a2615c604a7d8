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
