import { memo, useId, type ReactNode } from 'react';
import { EVALUATION_LEVELS, TRENDS } from '../../../../domain/constants.ts';
import type { CriterionResult } from '../../../../domain/grading.ts';
import { formatDecimal } from '../../../../domain/decimal.ts';
import { useTranslation } from '../../shared/i18n.ts';
import type { CriterionEvaluationJson, CriterionJson } from './api.ts';
import { formatNumber, gradeOptions, letterOptions } from '../../shared/grade-format.ts';
import type { Fields } from './save-queue.ts';
import { Choice, FieldErrors, NONE, Select, TextArea } from '../../components/native-fields.tsx';

function Flags(props: {
  label: string;
  flags: CriterionJson['flags'];
  value: CriterionEvaluationJson['progression'];
  onChange: (value: CriterionEvaluationJson['progression']) => void;
  errors?: string[];
}) {
  const { t } = useTranslation();
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div
      role="group"
      aria-labelledby={id}
      aria-describedby={props.errors?.length ? errorId : undefined}
      className="field-input"
    >
      <div id={id} className="field-title">
        {props.label}
      </div>
      <div className="choices">
        {props.flags.map((flag) => (
          <label key={flag} className="choice">
            <input
              type="checkbox"
              checked={props.value.includes(flag)}
              onChange={(event) =>
                props.onChange(
                  props.flags.filter((f) =>
                    f === flag ? event.target.checked : props.value.includes(f),
                  ),
                )
              }
            />
            {t(`enums.progressionFlag.${flag}`)}
          </label>
        ))}
      </div>
      <FieldErrors id={errorId} messages={props.errors} />
    </div>
  );
}

function ReadOnly({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="criterion-value">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

interface Props {
  criterion: CriterionJson;
  shown: CriterionEvaluationJson;
  editable: boolean;
  /** the module shows trends (training reports) */
  withTrend: boolean;
  /** the live result of the criterion; null when not scored */
  result: CriterionResult | null;
  /** the block adds points (OVER_FIVE_PLUS_ONE_ROUND) */
  withPoints: boolean;
  errors?: Record<string, string[]>;
  onChange: (fields: Fields) => void;
}

/** One criterion: the inputs its type has, or its values when it cannot be changed. */
function CriterionFieldsView({
  criterion: c,
  shown,
  editable,
  withTrend,
  result,
  withPoints,
  errors = {},
  onChange,
}: Props) {
  const { t, locale } = useTranslation();
  const trend = withTrend && c.has_evaluation;
  const levels = EVALUATION_LEVELS.map((value) => ({
    value,
    label: t(`enums.evaluationLevel.${value}`),
  }));
  const points =
    withPoints && result
      ? t('assessment.points', {
          points: formatNumber(formatDecimal(result.points), locale),
          max: formatNumber(formatDecimal(result.maxPoints), locale),
        })
      : null;

  const body = editable ? (
    <>
      {c.has_evaluation && (
        <Choice
          label={t('assessment.evaluation')}
          value={shown.evaluation}
          options={[{ value: NONE, label: t('assessment.notEvaluated') }, ...levels]}
          onChange={(evaluation) => onChange({ evaluation })}
          errors={errors.evaluation}
        />
      )}
      {c.grade && (
        <Select
          label={t('assessment.grade')}
          value={shown.grade}
          options={gradeOptions(c.grade).map((value) => ({
            value,
            label: formatNumber(value, locale),
          }))}
          onChange={(grade) => onChange({ grade })}
          emptyLabel={t('assessment.notEvaluated')}
          errors={errors.grade}
          className="field-input criterion-select"
        />
      )}
      {c.letter_evaluation && (
        <Select
          label={t('assessment.letter')}
          value={shown.letter}
          options={letterOptions(c.letter_evaluation).map((value) => ({ value, label: value }))}
          onChange={(letter) => onChange({ letter })}
          emptyLabel={t('assessment.notEvaluated')}
          errors={errors.letter}
          className="field-input criterion-select"
        />
      )}
      {c.has_progression && c.flags.length > 0 && (
        <Flags
          label={t('assessment.progression')}
          flags={c.flags}
          value={shown.progression}
          onChange={(progression) => onChange({ progression })}
          errors={errors.progression}
        />
      )}
      {trend && (
        <Choice
          label={t('assessment.trend')}
          value={shown.trend}
          options={[
            { value: NONE, label: t('assessment.noTrend') },
            ...TRENDS.map((value) => ({ value, label: t(`enums.trend.${value}`) })),
          ]}
          onChange={(value) => onChange({ trend: value })}
          errors={errors.trend}
        />
      )}
      {c.has_text_input && (
        <TextArea
          label={t('assessment.text')}
          value={shown.text ?? ''}
          onChange={(text) => onChange({ text })}
          errors={errors.text}
        />
      )}
    </>
  ) : (
    <dl className="criterion-values">
      {c.has_evaluation && (
        <ReadOnly label={t('assessment.evaluation')}>
          {shown.evaluation ? t(`enums.evaluationLevel.${shown.evaluation}`) : '—'}
        </ReadOnly>
      )}
      {c.grade && (
        <ReadOnly label={t('assessment.grade')}>{formatNumber(shown.grade, locale)}</ReadOnly>
      )}
      {c.letter_evaluation && (
        <ReadOnly label={t('assessment.letter')}>{shown.letter ?? '—'}</ReadOnly>
      )}
      {c.has_progression && (
        <ReadOnly label={t('assessment.progression')}>
          {shown.progression.length
            ? shown.progression.map((f) => t(`enums.progressionFlag.${f}`)).join(', ')
            : '—'}
        </ReadOnly>
      )}
      {(trend || shown.trend) && (
        <ReadOnly label={t('assessment.trend')}>
          {shown.trend ? t(`enums.trend.${shown.trend}`) : '—'}
        </ReadOnly>
      )}
      {c.has_text_input && <ReadOnly label={t('assessment.text')}>{shown.text || '—'}</ReadOnly>}
    </dl>
  );

  return (
    <fieldset className="criterion" data-testid={`criterion-${c.id}`}>
      <legend>{c.name}</legend>
      {c.description && <p className="criterion-note">{c.description}</p>}
      <FieldErrors id={`criterion-${c.id}-errors`} messages={errors.non_field_errors} />
      {body}
      {points && <p className="criterion-note criterion-points">{points}</p>}
    </fieldset>
  );
}

const sameShown = (a: CriterionEvaluationJson, b: CriterionEvaluationJson) =>
  a.evaluation === b.evaluation &&
  a.text === b.text &&
  a.grade === b.grade &&
  a.letter === b.letter &&
  a.trend === b.trend &&
  a.progression.join() === b.progression.join();

/**
 * Re-rendered only when what it shows changes: typing in one field does not redraw every other
 * criterion of the page (a long assessment on a phone). `onChange` always writes to the same
 * target through the page's stable `change`, so a newer closure changes nothing.
 */
export const CriterionFields = memo(
  CriterionFieldsView,
  (prev, next) =>
    prev.criterion === next.criterion &&
    prev.editable === next.editable &&
    prev.withTrend === next.withTrend &&
    prev.withPoints === next.withPoints &&
    prev.errors === next.errors &&
    prev.result?.points.num === next.result?.points.num &&
    prev.result?.points.den === next.result?.points.den &&
    prev.result?.maxPoints.num === next.result?.maxPoints.num &&
    prev.result?.maxPoints.den === next.result?.maxPoints.den &&
    sameShown(prev.shown, next.shown),
);
