import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import {
  ARCHIVE_STATUSES,
  ASSESSMENT_STATUSES,
  EVALUATION_LEVELS,
  GOAL_RESPONSIBLES,
  GOAL_REVIEW_STATUSES,
  LOCALES,
  MODULE_TYPES,
  PROFILE_KINDS,
  PROGRESSION_FLAGS,
  ROLES,
  TRENDS,
  type Locale,
} from '../../domain/constants.ts';

/** The web's messages: the one source of the enum labels, so the exports and the web agree. */
const LOCALES_DIR = path.resolve(import.meta.dirname, '..', '..', 'web', 'public', 'locales');

const labels = <T extends readonly [string, ...string[]]>(values: T) =>
  z.record(z.enum(values), z.string().min(1));

/** The enum labels the server prints (exports, role choices); every value has one, in every locale. */
const messagesSchema = z.object({
  enums: z.object({
    moduleType: labels(MODULE_TYPES),
    assessmentStatus: labels(ASSESSMENT_STATUSES),
    evaluationLevel: labels(EVALUATION_LEVELS),
    progressionFlag: labels(PROGRESSION_FLAGS),
    trend: labels(TRENDS),
    goalResponsible: labels(GOAL_RESPONSIBLES),
    goalReview: labels(GOAL_REVIEW_STATUSES),
  }),
  profiles: z.object({
    roles: labels(ROLES),
    kinds: labels(PROFILE_KINDS),
    status: labels(ARCHIVE_STATUSES),
  }),
});
type Profiles = z.infer<typeof messagesSchema>['profiles'];
export type EnumLabels = z.infer<typeof messagesSchema>['enums'] & {
  role: Profiles['roles'];
  profileKind: Profiles['kinds'];
  archiveStatus: Profiles['status'];
};

/**
 * `enums` and the role names (`profiles.roles`) of web/public/locales/{locale}/messages.json;
 * throws (stops the start) when one is missing.
 */
export function readEnumLabels(locale: Locale, dir = LOCALES_DIR): EnumLabels {
  const file = path.join(dir, locale, 'messages.json');
  const parsed = messagesSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success)
    throw new Error(`Enum labels missing in ${file}: ${z.prettifyError(parsed.error)}`);
  const { roles, kinds, status } = parsed.data.profiles;
  return { ...parsed.data.enums, role: roles, profileKind: kinds, archiveStatus: status };
}

/** Read once, when the server starts. */
const byLocale = Object.fromEntries(
  LOCALES.map((locale) => [locale, readEnumLabels(locale)]),
) as Record<Locale, EnumLabels>;

/** The labels of `locale`, the same words the web shows. */
export const enumLabels = (locale: Locale): EnumLabels => byLocale[locale];
