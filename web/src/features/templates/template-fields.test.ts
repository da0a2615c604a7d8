import { describe, expect, it } from 'vitest';
import { templateDefaults, templateResolver, type TemplateFormValues } from './template-fields.tsx';

const resolve = (values: TemplateFormValues) =>
  templateResolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });

describe('templateResolver', () => {
  it('takes a named template with the defaults', async () => {
    const values = { ...templateDefaults(null, 'de', '3'), template_name: 'ÜK 1' };
    expect(values).toMatchObject({ language: 'de', unit: '3', rounding_formula: 'TENTH' });
    expect((await resolve(values)).errors).toEqual({});
  });

  it("says what is wrong with the spec's form rules", async () => {
    const values = templateDefaults(null, 'fr', '');
    const long = { ...values, template_name: 'x'.repeat(201) };
    expect((await resolve(values)).errors).toMatchObject({
      template_name: { message: 'rules.required' },
    });
    expect((await resolve(long)).errors).toMatchObject({
      template_name: { message: 'rules.maxLength|200' },
    });
  });
});
