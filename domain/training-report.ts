/**
 * The rules of the training report cycle (training-report.md) that need no database: the age rule
 * of the sign-off, the parties still missing, how far a self-assessment is from the trainer's and
 * where a semester's report stands.
 */
import {
  AGE_OF_MAJORITY,
  EVALUATION_LEVELS,
  SIGNATURE_ROLES,
  type EvaluationLevel,
  type SignatureRole,
} from './constants.ts';

/**
 * Whether someone born on `birthDate` is a minor on `day` (both ISO days): they come of age on
 * their 18th birthday, and someone born on 29 February on 1 March of a common year.
 */
export function isMinorOn(birthDate: string, day: string): boolean {
  const [year, monthDay] = [Number(birthDate.slice(0, 4)), birthDate.slice(5)];
  const age = Number(day.slice(0, 4)) - year - (day.slice(5) < monthDay ? 1 : 0);
  return age < AGE_OF_MAJORITY;
}

/**
 * Whether a report validated on `validationDay` needs a legal representative's sign-off: the
 * student was a minor that day or, their birth date unknown, has a legal representative.
 */
export function needsLegalRepresentative(
  birthDate: string | null,
  validationDay: string,
  hasRepresentative: boolean,
): boolean {
  return birthDate === null ? hasRepresentative : isMinorOn(birthDate, validationDay);
}

/** The parties a validated report still waits for, in SIGNATURE_ROLES order. */
export function missingSignatures(
  signed: readonly SignatureRole[],
  needsRepresentative: boolean,
): SignatureRole[] {
  return SIGNATURE_ROLES.filter(
    (role) => !signed.includes(role) && (role !== 'LEGAL_REPRESENTATIVE' || needsRepresentative),
  );
}

/** How many levels apart two evaluations are (GOOD–INSUFFICIENT: 2); null when one is missing. */
export function levelGap(a: EvaluationLevel | null, b: EvaluationLevel | null): number | null {
  if (a === null || b === null) return null;
  return Math.abs(EVALUATION_LEVELS.indexOf(a) - EVALUATION_LEVELS.indexOf(b));
}

/** Two levels apart: the difference the side-by-side view makes stand out. */
export const WIDE_GAP = 2;

/** The semester `YYYY-1` (August of YYYY – January) or `YYYY-2` (February – July of YYYY+1). */
export function semesterSpan(code: string): { start: string; end: string } {
  const [year, half] = code.split('-').map(Number) as [number, number];
  return half === 1
    ? { start: `${year}-08-01`, end: `${year + 1}-01-31` }
    : { start: `${year + 1}-02-01`, end: `${year + 1}-07-31` };
}

/** The code of the semester holding `day`. */
export function semesterCode(day: string): string {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  if (month >= 8) return `${year}-1`;
  return month === 1 ? `${year - 1}-1` : `${year - 1}-2`;
}
