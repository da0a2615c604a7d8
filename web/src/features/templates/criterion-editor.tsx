import { memo, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  GRADE_PRESET,
  LETTERS,
  LETTER_PRESET,
  PROGRESSION_FLAGS,
} from '../../../../domain/constants.ts';
import { CRITERION_PRESET_KEYS, presetFields } from '../../../../domain/criterion-presets.ts';
import { useTranslation } from '../../shared/i18n.ts';
import { DANGER_TEXT } from '../../components/data-list/danger.ts';
import {
  criterionPreset,
  isNewItem,
  type CriterionPatch,
  type EditorCriterion,
} from './editor-tree.ts';
import { CheckInput, SelectInput, TextInput } from './item-fields.tsx';

const CUSTOM = 'CUSTOM';

/** One criterion of the editor: its fields, grade scale, letter range and progression flags. */
export function CriterionEditor(props: {
  criterion: EditorCriterion;
  /** heading level of the criterion's title */
  level: number;
  errors: Record<string, string> | undefined;
  controls: ReactNode;
  onChange: (patch: CriterionPatch) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const { criterion } = props;
  const title = criterion.name || t('templates.editor.untitled');
  const headingId = `criterion-${criterion.id}-title`;

  return (
    <Paper
      variant="outlined"
      role="group"
      aria-labelledby={headingId}
      sx={{ p: { xs: 1, sm: 1.5 }, mb: 1 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        {props.controls}
        <Typography
          id={headingId}
          component={`h${props.level}` as 'h4'}
          variant="subtitle2"
          sx={{ flex: 1, minWidth: 120 }}
        >
          {t('templates.editor.criterionTitle', { name: title })}
        </Typography>
        <Button size="small" onClick={props.onRemove} sx={DANGER_TEXT}>
          {t('templates.editor.removeCriterion')}
        </Button>
      </Box>
      <CriterionFields criterion={criterion} errors={props.errors} onChange={props.onChange} />
    </Paper>
  );
}

/**
 * The fields of a criterion: rendered again only when the criterion or its errors change (a
 * sibling moving or being renamed leaves them alone). `onChange` must be stable.
 */
const CriterionFields = memo(function CriterionFields(props: {
  criterion: EditorCriterion;
  errors: Record<string, string> | undefined;
  onChange: (patch: CriterionPatch) => void;
}) {
  const { t } = useTranslation();
  const { criterion, onChange } = props;
  const errors = props.errors ?? {};
  const preset = criterionPreset(criterion);
  const grade = criterion.grade;
  const letters = criterion.letter_evaluation;
  const scored = Boolean(grade || letters || criterion.has_evaluation);
  const letterOptions = LETTERS.map((letter) => ({ value: letter, label: letter }));
  const other = Object.entries(errors)
    .filter(([field]) => !SHOWN_FIELDS.has(field))
    .map(([, message]) => message);
  return (
    <>
      {other.length > 0 && (
        <Typography role="alert" variant="body2" sx={{ ...DANGER_TEXT, mt: 1 }}>
          {other.join(' ')}
        </Typography>
      )}
      <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { md: '2fr 1fr' } }}>
        <TextInput
          label={t('templates.editor.criterion.name')}
          value={criterion.name}
          onChange={(name) => onChange({ name })}
          error={errors.name}
          required
          focusOnMount={isNewItem(criterion) && !criterion.name}
        />
        <SelectInput
          label={t('templates.editor.criterion.preset')}
          value={preset ?? CUSTOM}
          options={[
            ...CRITERION_PRESET_KEYS.map((key) => ({
              value: key,
              label: t(`enums.criterionPreset.${key}`),
            })),
            ...(preset ? [] : [{ value: CUSTOM, label: t('templates.editor.criterion.custom') }]),
          ]}
          onChange={(key) => {
            if (key !== CUSTOM)
              onChange(presetFields(key as (typeof CRITERION_PRESET_KEYS)[number]));
          }}
        />
      </Box>
      <TextInput
        label={t('templates.editor.criterion.description')}
        value={criterion.description}
        onChange={(description) => onChange({ description })}
        error={errors.description}
        multiline
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
        <CheckInput
          label={t('templates.editor.criterion.hasEvaluation')}
          checked={criterion.has_evaluation}
          onChange={(has_evaluation) => onChange({ has_evaluation })}
        />
        <CheckInput
          label={t('templates.editor.criterion.hasTextInput')}
          checked={criterion.has_text_input}
          onChange={(has_text_input) => onChange({ has_text_input })}
        />
        <CheckInput
          label={t('templates.editor.criterion.hasProgression')}
          checked={criterion.has_progression}
          onChange={(has_progression) =>
            onChange(has_progression ? { has_progression } : { has_progression, flags: [] })
          }
        />
        <CheckInput
          label={t('templates.editor.criterion.hasGrade')}
          checked={Boolean(grade)}
          onChange={(on) => onChange({ grade: on ? { ...GRADE_PRESET } : null })}
        />
        <CheckInput
          label={t('templates.editor.criterion.hasLetter')}
          checked={Boolean(letters)}
          onChange={(on) => onChange({ letter_evaluation: on ? { ...LETTER_PRESET } : null })}
        />
      </Box>
      {criterion.has_progression && (
        <Box
          component="fieldset"
          sx={{ border: 0, p: 0, m: 0, display: 'flex', flexWrap: 'wrap', columnGap: 2 }}
        >
          <Typography component="legend" variant="body2" sx={{ fontWeight: 500 }}>
            {t('templates.editor.criterion.flags')}
          </Typography>
          {PROGRESSION_FLAGS.map((flag) => (
            <CheckInput
              key={flag}
              label={t(`enums.progressionFlag.${flag}`)}
              checked={criterion.flags.includes(flag)}
              onChange={(on) =>
                onChange({
                  flags: PROGRESSION_FLAGS.filter((f) =>
                    f === flag ? on : criterion.flags.includes(f),
                  ),
                })
              }
            />
          ))}
          {errors.flags && (
            <Typography variant="body2" sx={{ ...DANGER_TEXT, width: '100%' }}>
              {errors.flags}
            </Typography>
          )}
        </Box>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1 }}>
        {scored && (
          <TextInput
            label={t('templates.editor.criterion.points')}
            value={criterion.points}
            onChange={(points) => onChange({ points })}
            error={errors.points}
            inputMode="decimal"
            width={120}
          />
        )}
        {grade &&
          (['min', 'max', 'step', 'weight'] as const).map((part) => (
            <TextInput
              key={part}
              label={t(`templates.editor.criterion.grade.${part}`)}
              value={grade[part]}
              onChange={(value) => onChange({ grade: { ...grade, [part]: value } })}
              error={errors[`grade.${part}`] ?? (part === 'min' ? errors.grade : undefined)}
              inputMode="decimal"
              width={110}
            />
          ))}
        {letters &&
          (['min', 'max'] as const).map((part) => (
            <SelectInput
              key={part}
              label={t(`templates.editor.criterion.letter.${part}`)}
              value={letters[part]}
              options={letterOptions}
              onChange={(value) => onChange({ letter_evaluation: { ...letters, [part]: value } })}
              error={
                errors[`letter_evaluation.${part}`] ??
                (part === 'min' ? errors.letter_evaluation : undefined)
              }
              width={110}
            />
          ))}
      </Box>
    </>
  );
});

const SHOWN_FIELDS = new Set([
  'name',
  'description',
  'flags',
  'points',
  'grade',
  'grade.min',
  'grade.max',
  'grade.step',
  'grade.weight',
  'letter_evaluation',
  'letter_evaluation.min',
  'letter_evaluation.max',
]);
