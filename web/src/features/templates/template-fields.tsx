/**
 * The template's own fields in the editor (react-hook-form), checked with the spec's form rules
 * and the domain's limits. zod/mini like every web form: the server's full-zod schema here put
 * zod's whole core into the chunk the login page shares (+9 KB gzipped).
 */
import * as z from 'zod/mini';
import { Controller, type UseFormReturn } from 'react-hook-form';
import Box from '@mui/material/Box';
import {
  LOCALES,
  LONG_TEXT_MAX_LENGTH,
  MODULE_TYPES,
  NAME_MAX_LENGTH,
  ROUNDING_FORMULAS,
  type Locale,
} from '../../../../domain/constants.ts';
import { useTranslation } from '../../shared/i18n.ts';
import { FormField } from '../../components/form-field.tsx';
import { SelectField } from '../../components/select-field.tsx';
import { zodResolver } from '../../shared/form-resolver.ts';
import { required } from '../../shared/form-rules.ts';
import { rule, ruleMessage } from '../../shared/rule-messages.ts';
import type { TemplateDetailJson } from '../../shared/api/templates.ts';
import { CheckInput } from './item-fields.tsx';
import type { TemplateFieldValues } from './save-template.ts';

export interface TemplateFormValues extends TemplateFieldValues {
  /** a new template's unit ('' = shared by every unit, ADMIN only) */
  unit: string;
}

export const TEMPLATE_FIELDS = [
  'template_name',
  'module_type',
  'description',
  'language',
  'rounding_formula',
  'graded',
  'unit',
] as const;

const schema = z.object({
  template_name: required().check(z.maxLength(NAME_MAX_LENGTH, rule('maxLength', NAME_MAX_LENGTH))),
  module_type: z.enum(MODULE_TYPES),
  description: z
    .string()
    .check(z.maxLength(LONG_TEXT_MAX_LENGTH, rule('maxLength', LONG_TEXT_MAX_LENGTH))),
  language: z.enum(LOCALES),
  rounding_formula: z.enum(ROUNDING_FORMULAS),
  graded: z.boolean(),
  unit: z.string(),
});

export const templateResolver = zodResolver<TemplateFormValues>(schema);

export function templateDefaults(
  template: TemplateDetailJson | null,
  locale: Locale,
  unit: string,
): TemplateFormValues {
  return {
    template_name: template?.template_name ?? '',
    module_type: template?.module_type ?? 'INTERCOMPANY_COURSE',
    description: template?.description ?? '',
    language: template?.language ?? locale,
    rounding_formula: template?.rounding_formula ?? 'TENTH',
    graded: template?.graded ?? true,
    unit: template ? String(template.unit ?? '') : unit,
  };
}

export function TemplateFields(props: {
  form: UseFormReturn<TemplateFormValues>;
  /** the units a new template may belong to; absent when editing */
  units?: { value: string; label: string }[];
  /** an ADMIN may leave the unit empty: a template shared by every unit */
  canShare?: boolean;
}) {
  const { t } = useTranslation();
  const { control } = props.form;
  return (
    <Box>
      <Box
        sx={{ display: 'grid', columnGap: 2, gridTemplateColumns: { md: 'minmax(0, 1fr) auto' } }}
      >
        <FormField
          control={control}
          name="template_name"
          label={t('templates.editor.fields.name')}
          autoComplete="off"
          required
        />
        <SelectField
          control={control}
          name="module_type"
          label={t('templates.editor.fields.moduleType')}
          options={MODULE_TYPES.map((v) => ({ value: v, label: t(`enums.moduleType.${v}`) }))}
          required
        />
      </Box>
      <Controller
        control={control}
        name="description"
        render={({ field, fieldState }) => {
          const error = ruleMessage(fieldState.error?.message, t);
          return (
            <div className={error ? 'form-field invalid' : 'form-field'}>
              <label htmlFor="template-description">
                {t('templates.editor.fields.description')}
              </label>
              <textarea
                id="template-description"
                rows={3}
                {...field}
                aria-invalid={Boolean(error)}
                aria-describedby={error ? 'template-description-help' : undefined}
              />
              {error && (
                <p id="template-description-help" className="form-field-help">
                  {error}
                </p>
              )}
            </div>
          );
        }}
      />
      <Box
        sx={{
          display: 'grid',
          columnGap: 2,
          // each field at least wide enough for the longest unit name; a label that still wraps
          // keeps its control on the same line as its neighbours' (aligned at the bottom)
          gridTemplateColumns: { sm: 'repeat(auto-fit, minmax(18rem, 1fr))' },
          alignItems: 'end',
        }}
      >
        <SelectField
          control={control}
          name="language"
          label={t('templates.editor.fields.language')}
          options={LOCALES.map((v) => ({ value: v, label: t(`enums.templateLanguage.${v}`) }))}
        />
        <SelectField
          control={control}
          name="rounding_formula"
          label={t('templates.editor.fields.rounding')}
          options={ROUNDING_FORMULAS.map((v) => ({ value: v, label: t(`enums.rounding.${v}`) }))}
        />
        {props.units && (
          <SelectField
            control={control}
            name="unit"
            label={t('templates.editor.fields.unit')}
            emptyLabel={props.canShare ? t('templates.editor.fields.sharedUnit') : undefined}
            options={props.units}
            required={!props.canShare}
          />
        )}
      </Box>
      <Controller
        control={control}
        name="graded"
        render={({ field }) => (
          <CheckInput
            label={t('templates.editor.fields.graded')}
            checked={field.value}
            onChange={field.onChange}
          />
        )}
      />
    </Box>
  );
}
