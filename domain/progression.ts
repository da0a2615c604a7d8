import { PROGRESSION_FLAGS, type ProgressionFlag } from './constants.ts';

/**
 * The furthest stage a criterion's progression reached (OBSERVED … AUTONOMOUSLY_EXECUTED, in that
 * order), whatever order the flags were ticked in; null when none is.
 */
export function latestFlag(flags: readonly string[]): ProgressionFlag | null {
  let latest = -1;
  for (const flag of flags)
    latest = Math.max(latest, PROGRESSION_FLAGS.indexOf(flag as ProgressionFlag));
  return latest < 0 ? null : PROGRESSION_FLAGS[latest]!;
}
