import { fullName, type ExportLocale } from './format.ts';
import {
  createPdf,
  finishPdf,
  GREY,
  INK,
  writeBand,
  writeFields,
  writeTitle,
  type Pdf,
} from './pdf-layout.ts';

/** The JSON export's sections (server/queries/personal-data.ts): each a list of plain records. */
export type PersonalData = Record<string, Record<string, unknown>[]>;

const MOMENT = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The fields whose values are codes with a label in the reader's language. */
const ENUM_LABELS: Record<string, (l: ExportLocale) => Record<string, string>> = {
  role: (l) => l.labels.role,
  module_type: (l) => l.labels.moduleType,
  kind: (l) => l.labels.profileKind,
  // a profile's status (ACTIVE, ARCHIVED) or an assessment's (IN_PROGRESS…): no code is both
  status: (l) => ({ ...l.labels.archiveStatus, ...l.labels.assessmentStatus }),
  from: (l) => l.labels.assessmentStatus,
  to: (l) => l.labels.assessmentStatus,
  evaluation: (l) => l.labels.evaluationLevel,
  progression: (l) => l.labels.progressionFlag,
  trend: (l) => l.labels.trend,
};

/** A label by the name the JSON uses; the name itself for a field without one (never a gap). */
function named(l: ExportLocale, kind: 'dataSection' | 'dataField', name: string): string {
  const key = `${kind}.${name}`;
  const label = l.t(key);
  return label === key ? name : label;
}

function valueText(l: ExportLocale, field: string, value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'boolean') return l.t(value ? 'dataExportYes' : 'dataExportNo');
  if (value instanceof Date) return l.moment(value);
  if (typeof value === 'string') {
    if (MOMENT.test(value)) return l.moment(new Date(value));
    if (DAY.test(value)) return l.day(value);
    return ENUM_LABELS[field]?.(l)[value] ?? value;
  }
  if (Array.isArray(value))
    return value.map((item) => (isRecord(item) ? recordText(l, item) : String(item))).join('\n');
  if (isRecord(value)) return JSON.stringify(value);
  return String(value);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A nested record on one line: "Critère : Sécurité · Niveau : Bien". */
const recordText = (l: ExportLocale, item: Record<string, unknown>) =>
  Object.entries(item)
    .flatMap(([field, value]) => {
      const text = valueText(l, field, value);
      return text === null ? [] : [l.t('exportField', [named(l, 'dataField', field), text])];
    })
    .join(' · ');

/**
 * The readable copy of a person's data export: the same sections and records as the JSON, with
 * titles, field names, dates and codes in the reader's language.
 */
export function personalDataPdf(l: ExportLocale, data: PersonalData, now: Date): Pdf {
  const [person] = data.profile ?? [];
  const name = person ? fullName(person as { first_name: string; last_name: string }) : '';
  const title = l.t('dataExportTitle');
  const doc = createPdf(l, `${title} - ${name}`, title);
  writeTitle(doc, title, name);
  writeFields(doc, [
    [l.t('dataExportPerson'), name],
    [l.t('exportDate'), l.moment(now)],
  ]);
  doc.fillColor(GREY).text(l.t('dataExportIntro')).fillColor(INK).moveDown(0.8);
  for (const [section, records] of Object.entries(data)) {
    writeBand(doc, named(l, 'dataSection', section), {
      right: String(records.length),
      keepWith: 30,
    });
    if (records.length === 0) {
      doc.fillColor(GREY).text(l.t('dataExportNone')).fillColor(INK).moveDown(0.6);
      continue;
    }
    for (const record of records)
      writeFields(
        doc,
        Object.entries(record).map(([field, value]) => [
          named(l, 'dataField', field),
          valueText(l, field, value),
        ]),
      );
  }
  return finishPdf(doc, l, `${title} - ${name}`);
}
