import { useQuery } from '@tanstack/react-query';
import type { Locale } from '../../../../domain/constants.ts';
import { formatDate } from '../../shared/i18n.ts';
import { useSession } from '../../shared/session.ts';
import { ApiError } from '../../shared/api-error.ts';
import { allCohortsQuery } from '../../shared/api/cohorts.ts';
import type { ModuleJson } from './api.ts';

/** "12 janvier 2027 – 16 janvier 2027"; "…" for a missing side, "—" without dates. */
export function dateRange(m: Pick<ModuleJson, 'start_date' | 'end_date'>, locale: Locale) {
  const date = (value: string | null) => (value ? formatDate(value, locale) : '…');
  return m.start_date || m.end_date ? `${date(m.start_date)} – ${date(m.end_date)}` : '—';
}

/** The cohorts the reader may read (listCohort), for names, filters and choices. */
export function useCohortNames() {
  const { user } = useSession();
  return useQuery({
    ...allCohortsQuery(),
    enabled: Boolean(user?.permissions.includes('listCohort')),
    select: (page) => page.results,
  });
}

/**
 * The cohorts a module's unit can add, as select options (name and size), and the one to
 * preselect: the unit's only active cohort, when it has just one.
 */
export function cohortChoices(
  cohorts: { id: number; name: string; unit: number; status: string; students: unknown[] }[],
  unit: number,
): { options: { value: string; label: string }[]; only: string | null } {
  const options = cohorts
    .filter((c) => c.unit === unit && c.status === 'ACTIVE')
    .map((c) => ({ value: String(c.id), label: `${c.name} (${c.students.length})` }));
  return { options, only: options.length === 1 ? options[0]!.value : null };
}

/** The refusal to show: the server's own reason when it gave one. */
export const refusalOf = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.status < 500 && error.status !== 0
    ? Object.values(error.fieldErrors).flat().join(' ') || error.message
    : fallback;
