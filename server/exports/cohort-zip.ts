import type { ExportFormat } from '../../domain/constants.ts';
import type { GradeSummary } from '../../domain/schemas/grade-summary.ts';
import { inOrder } from '../lib/in-order.ts';
import type { GradeSummaryAccess } from '../policies/grade-summary.ts';
import { uniqueNamer } from './file-names.ts';
import type { ExportLocale } from './format.ts';
import type { ExportJob } from './render-pool.ts';
import type { ZipEntry } from './zip-stream.ts';

/** What building the ZIP needs from the server: each summary, the renderer, the error log. */
export interface CohortZipWork {
  summaryOf(access: GradeSummaryAccess): Promise<GradeSummary>;
  render(job: ExportJob): Promise<Uint8Array>;
  onFailure(error: unknown): void;
}

interface StudentFiles {
  student: GradeSummaryAccess['student'];
  files: { format: ExportFormat; data: Uint8Array }[];
  failed: ExportFormat[];
}

/** Students whose files are prepared while the previous ones are sent. */
const LOOKAHEAD = 2;

const KIND = { pdf: 'grade-summary-pdf', xlsx: 'grade-summary-xlsx' } as const;

async function filesOf(
  access: GradeSummaryAccess,
  formats: readonly ExportFormat[],
  l: ExportLocale,
  now: string,
  work: CohortZipWork,
): Promise<StudentFiles> {
  const outcome: StudentFiles = { student: access.student, files: [], failed: [] };
  try {
    const summary = await work.summaryOf(access);
    const rendered = await Promise.allSettled(
      formats.map((format) => work.render({ kind: KIND[format], locale: l.locale, now, summary })),
    );
    rendered.forEach((result, index) => {
      const format = formats[index]!;
      if (result.status === 'fulfilled') outcome.files.push({ format, data: result.value });
      else {
        work.onFailure(result.reason);
        outcome.failed.push(format);
      }
    });
  } catch (error) {
    work.onFailure(error);
    outcome.failed.push(...formats);
  }
  return outcome;
}

/** The text file that names the summaries that could not be built, in the reader's language. */
function failuresFile(l: ExportLocale, failures: string[]): ZipEntry {
  const text = [l.t('exportFailuresIntro'), '', ...failures.map((line) => `- ${line}`), ''];
  return {
    name: `${l.t('exportFailuresFile')}.txt`,
    data: new TextEncoder().encode(text.join('\r\n')),
  };
}

/**
 * The files of a cohort's ZIP, student after student in the order given: "Last First.pdf" and
 * ".xlsx" in the reader's language. A summary that cannot be built does not stop the others: it
 * is named in a text file at the end of the archive.
 */
export async function* cohortZipEntries(
  students: readonly GradeSummaryAccess[],
  formats: readonly ExportFormat[],
  l: ExportLocale,
  work: CohortZipWork,
): AsyncGenerator<ZipEntry> {
  const now = new Date().toISOString();
  const nameOf = uniqueNamer();
  const failures: string[] = [];
  const prepared = inOrder(students, LOOKAHEAD, (access) => filesOf(access, formats, l, now, work));
  for await (const { student, files, failed } of prepared) {
    const stem = `${student.last_name} ${student.first_name}`;
    for (const { format, data } of files) yield { name: nameOf(`${stem}.${format}`), data };
    for (const format of failed) failures.push(`${stem} (${format})`);
  }
  if (failures.length === 0) return;
  const report = failuresFile(l, failures);
  yield { ...report, name: nameOf(report.name) };
}
