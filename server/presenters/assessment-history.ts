import {
  HISTORY_FIELDS,
  type AssessmentHistoryEntry,
  type HistoryField,
  type HistoryValue,
} from '../../domain/schemas/assessment-history.ts';
import { decimalOut } from '../../domain/decimal.ts';
import type { HistoryRow } from '../queries/assessment-history.ts';

const KINDS = {
  assessment: 'assessment',
  block_evaluation: 'block',
  criterion_evaluation: 'criterion',
} as const;

/** A stored value as the history shows it; a group by its name, never by its id. */
function valueOf(field: HistoryField, value: unknown, groups: Map<number, string>): HistoryValue {
  if (value === undefined || value === null) return null;
  if (field === 'group') return groups.get(Number(value)) ?? null;
  if (field === 'grade') return decimalOut(String(value));
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return value;
  return null;
}

/**
 * One audit row as a change of the assessment: only the fields a reader of the assessment sees
 * (never the ids a creation records), each from its old to its new value, unchanged ones left out.
 */
export function presentHistoryEntry(
  row: HistoryRow,
  groups: Map<number, string>,
): AssessmentHistoryEntry {
  const before = row.old_value ?? {};
  const after = row.new_value ?? {};
  const changes = HISTORY_FIELDS.filter((field) => field in before || field in after)
    .map((field) => ({
      field,
      from: valueOf(field, before[field], groups),
      to: valueOf(field, after[field], groups),
    }))
    .filter((change) => JSON.stringify(change.from) !== JSON.stringify(change.to));
  return {
    id: row.id,
    at: new Date(row.at).toISOString(),
    action: row.action,
    actor: row.actor,
    target: { kind: KINDS[row.entity], name: row.target },
    changes,
  };
}
