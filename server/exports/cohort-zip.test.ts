import { strFromU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { GradeSummary } from '../../domain/schemas/grade-summary.ts';
import type { GradeSummaryAccess } from '../policies/grade-summary.ts';
import { cohortZipEntries, type CohortZipWork } from './cohort-zip.ts';
import { exportLocale } from './format.ts';
import type { ZipEntry } from './zip-stream.ts';

const access = (id: number, first_name: string, last_name: string): GradeSummaryAccess => ({
  student: { id, first_name, last_name },
  validatedOnly: false,
});

const students = [
  access(1, 'Léa', 'Albrecht'),
  access(2, 'Noah', 'Beispiel'),
  access(3, 'Léa', 'Albrecht'),
];

/** A renderer whose worker fails for one student, as a crashed worker thread would. */
function work(failing: number, failures: unknown[]): CohortZipWork {
  return {
    summaryOf: async ({ student }) =>
      ({ student, groups: [], average: null, is_insufficient: false }) as GradeSummary,
    render: async (job) => {
      const summary = (job as { summary: GradeSummary }).summary;
      if (summary.student.id === failing) throw new Error('worker exited');
      return new TextEncoder().encode(`${job.kind} ${summary.student.id}`);
    },
    onFailure: (error) => failures.push(error),
  };
}

async function collect(entries: AsyncIterable<ZipEntry>) {
  const all: ZipEntry[] = [];
  for await (const entry of entries) all.push(entry);
  return all;
}

describe('cohortZipEntries', () => {
  it('names each file after its student, a namesake numbered, in the order given', async () => {
    const entries = await collect(
      cohortZipEntries(students, ['pdf', 'xlsx'], exportLocale('fr'), work(0, [])),
    );
    expect(entries.map((e) => e.name)).toEqual([
      'Albrecht Léa.pdf',
      'Albrecht Léa.xlsx',
      'Beispiel Noah.pdf',
      'Beispiel Noah.xlsx',
      'Albrecht Léa (2).pdf',
      'Albrecht Léa (2).xlsx',
    ]);
    expect(strFromU8(entries[2]!.data)).toBe('grade-summary-pdf 2');
  });

  it('goes on past a failed summary and names it in a text file at the end', async () => {
    const failures: unknown[] = [];
    const entries = await collect(
      cohortZipEntries(students, ['pdf'], exportLocale('de'), work(2, failures)),
    );
    expect(entries.map((e) => e.name)).toEqual([
      'Albrecht Léa.pdf',
      'Albrecht Léa (2).pdf',
      'Nicht erstellte Notenübersichten.txt',
    ]);
    const report = strFromU8(entries[2]!.data);
    expect(report).toContain('Die folgenden Notenübersichten konnten nicht erstellt werden');
    expect(report).toContain('- Beispiel Noah (pdf)');
    expect(failures).toHaveLength(1);
  });
});
