import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { ModuleType } from '../../../../domain/constants.ts';
import { useTranslation } from '../../shared/i18n.ts';
import { visuallyHidden } from '../../shared/visually-hidden.ts';
import type { GradeSummaryJson } from '../../shared/api/grade-summary.ts';
import { chartPoints, PASS_MARK, scalesOf, type Frame } from './chart-geometry.ts';
import { formatGrade } from '../../shared/grade-format.ts';
import { formatDay } from '../../shared/date-format.ts';

/** The chart's inks, CSS variables of the theme's colour scheme (set as styles, not attributes). */
const INK = {
  grid: 'var(--mui-palette-divider)',
  label: 'var(--mui-palette-text-secondary)',
  passMark: 'var(--mui-palette-tone-error)',
  markerEdge: 'var(--mui-palette-background-paper)',
};

/** Each module type has its colour and its shape, so the legend never rests on colour alone. */
const SERIES: Record<
  ModuleType,
  { color: string; shape: 'circle' | 'square' | 'triangle' | 'diamond' }
> = {
  INTERCOMPANY_COURSE: { color: 'var(--mui-palette-tone-chartIntercompany)', shape: 'circle' },
  TRAINING_REPORT: { color: 'var(--mui-palette-tone-chartTrainingReport)', shape: 'square' },
  TRAINING_PLAN: { color: 'var(--mui-palette-tone-chartTrainingPlan)', shape: 'triangle' },
  IPRE_SHEET: { color: 'var(--mui-palette-tone-chartIpre)', shape: 'diamond' },
};

function Marker({ type, x, y, r = 6 }: { type: ModuleType; x: number; y: number; r?: number }) {
  const { color, shape } = SERIES[type];
  const paint = { style: { fill: color, stroke: INK.markerEdge, strokeWidth: 1.5 } };
  switch (shape) {
    case 'circle':
      return <circle cx={x} cy={y} r={r} {...paint} />;
    case 'square':
      return <rect x={x - r} y={y - r} width={2 * r} height={2 * r} {...paint} />;
    case 'triangle':
      return (
        <polygon
          points={`${x},${y - r - 1} ${x - r - 1},${y + r} ${x + r + 1},${y + r}`}
          {...paint}
        />
      );
    case 'diamond':
      return (
        <polygon
          points={`${x},${y - r - 1} ${x + r + 1},${y} ${x},${y + r + 1} ${x - r - 1},${y}`}
          {...paint}
        />
      );
  }
}

// the inset keeps the insufficient ring (r 10) of the first and last points off the grade labels
const WIDE: Frame = {
  width: 640,
  height: 260,
  pad: { left: 36, right: 24, top: 16, bottom: 36 },
  inset: 14,
};
const NARROW: Frame = {
  width: 340,
  height: 240,
  pad: { left: 30, right: 16, top: 14, bottom: 36 },
  inset: 14,
};

/**
 * The grades over time, drawn by hand in SVG (no chart library): dates across, grades 1 to 6 up,
 * a dashed line at the pass mark 4. The picture has a spoken summary; a hidden table holds the
 * same data for screen readers.
 */
export function GradeChart({ summary }: { summary: GradeSummaryJson }) {
  const { t, locale } = useTranslation();
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const points = chartPoints(summary);
  if (points.length === 0) return null;
  const frame = narrow ? NARROW : WIDE;
  const { x, y, gradeTicks } = scalesOf(points, frame);
  const first = points[0]!;
  const last = points[points.length - 1]!;
  const grades = points.map((point) => Number(point.grade));
  const types = [...new Set(points.map((point) => point.moduleType))];
  const fontSize = 12;
  const summaryText = t('gradeSummary.chart.summary', {
    count: points.length,
    from: formatDay(first.date, locale),
    to: formatDay(last.date, locale),
    min: formatGrade(String(Math.min(...grades)), locale),
    max: formatGrade(String(Math.max(...grades)), locale),
    insufficient: points.filter((point) => point.insufficient).length,
  });

  return (
    <Box component="figure" sx={{ m: 0, my: 3 }} aria-labelledby="grade-chart-title">
      <Typography id="grade-chart-title" component="h2" variant="h6" gutterBottom>
        {t('gradeSummary.chart.title')}
      </Typography>
      <Box
        component="svg"
        role="img"
        aria-label={summaryText}
        data-testid="grade-chart"
        viewBox={`0 0 ${frame.width} ${frame.height}`}
        sx={{ width: '100%', maxWidth: frame.width, height: 'auto', display: 'block' }}
      >
        {gradeTicks.map((tick) => (
          <g key={tick}>
            <line
              x1={frame.pad.left}
              x2={frame.width - frame.pad.right}
              y1={y(tick)}
              y2={y(tick)}
              style={{ stroke: INK.grid }}
            />
            <text
              x={frame.pad.left - 8}
              y={y(tick) + fontSize / 3}
              fontSize={fontSize}
              textAnchor="end"
              style={{ fill: INK.label }}
            >
              {tick}
            </text>
          </g>
        ))}
        <line
          x1={frame.pad.left}
          x2={frame.width - frame.pad.right}
          y1={y(PASS_MARK)}
          y2={y(PASS_MARK)}
          style={{ stroke: INK.passMark, strokeWidth: 1.5 }}
          strokeDasharray="6 4"
        />
        <text
          x={frame.width - frame.pad.right}
          y={y(PASS_MARK) - 4}
          fontSize={fontSize}
          textAnchor="end"
          style={{ fill: INK.passMark }}
        >
          {t('gradeSummary.chart.passMark')}
        </text>
        <text
          x={frame.pad.left}
          y={frame.height - 10}
          fontSize={fontSize}
          style={{ fill: INK.label }}
        >
          {formatDay(first.date, locale)}
        </text>
        {last.date !== first.date && (
          <text
            x={frame.width - frame.pad.right}
            y={frame.height - 10}
            fontSize={fontSize}
            textAnchor="end"
            style={{ fill: INK.label }}
          >
            {formatDay(last.date, locale)}
          </text>
        )}
        {points.map((point) => (
          <g key={point.assessment}>
            {point.insufficient && (
              <circle
                cx={x(point.date)}
                cy={y(Number(point.grade))}
                r={10}
                fill="none"
                style={{ stroke: INK.passMark }}
                strokeWidth={1.5}
              />
            )}
            <Marker type={point.moduleType} x={x(point.date)} y={y(Number(point.grade))} />
          </g>
        ))}
      </Box>
      <Box
        component="ul"
        aria-label={t('gradeSummary.chart.legend')}
        sx={{ listStyle: 'none', p: 0, m: 0, mt: 1, display: 'flex', flexWrap: 'wrap', gap: 2 }}
      >
        {types.map((type) => (
          <Box component="li" key={type} sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
            <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
              <Marker type={type} x={8} y={8} r={5} />
            </svg>
            <Typography variant="body2">{t(`enums.moduleType.${type}`)}</Typography>
          </Box>
        ))}
      </Box>
      {/* a table does not shrink to the hidden size: its wrapper clips it */}
      <Box sx={visuallyHidden}>
        <table>
          <caption>{t('gradeSummary.chart.tableCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('gradeSummary.fields.date')}</th>
              <th scope="col">{t('gradeSummary.fields.module')}</th>
              <th scope="col">{t('gradeSummary.fields.moduleType')}</th>
              <th scope="col">{t('gradeSummary.fields.grade')}</th>
            </tr>
          </thead>
          <tbody>
            {points.map((point) => (
              <tr key={point.assessment}>
                <td>{formatDay(point.date, locale)}</td>
                <td>{point.module}</td>
                <td>{t(`enums.moduleType.${point.moduleType}`)}</td>
                <td>
                  {formatGrade(point.grade, locale)}
                  {point.insufficient && ` (${t('gradeSummary.insufficient')})`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Box>
    </Box>
  );
}
