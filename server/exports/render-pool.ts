import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { Locale } from '../../domain/constants.ts';
import type { AssessmentDetail } from '../../domain/schemas/assessment-detail.ts';
import type { GradeSummary } from '../../domain/schemas/grade-summary.ts';
import type { ProgressionMap } from '../../domain/schemas/progression.ts';
import type { PersonalData } from './personal-data-pdf.ts';
import type { TrainingReportRecord } from './training-report-pdf.ts';

/** One file to build, with all it needs (plain data: it crosses to a worker thread). */
export type ExportJob = { locale: Locale; now: string } & (
  | {
      kind: 'assessment-pdf';
      detail: AssessmentDetail;
      instructors: string[];
      record: TrainingReportRecord | null;
    }
  | { kind: 'grade-summary-pdf'; summary: GradeSummary }
  | { kind: 'grade-summary-xlsx'; summary: GradeSummary }
  | { kind: 'personal-data-pdf'; data: PersonalData }
  | { kind: 'progression-xlsx'; map: ProgressionMap }
);

/**
 * Exports are built in worker threads (render-worker.ts), one core left to the server: while
 * PDFs render, every other request is answered as quickly as before. Each worker parses the
 * fonts once; jobs beyond the threads wait in the pool's queue.
 */
export class ExportRenderer {
  private readonly pool = new Piscina<ExportJob, Uint8Array>({
    filename: new URL('./render-worker.ts', import.meta.url).href,
    minThreads: 0,
    maxThreads: Math.max(1, availableParallelism() - 1),
    idleTimeout: 60_000,
  });

  async render(job: ExportJob): Promise<Buffer> {
    const bytes = await this.pool.run(job);
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  close(): Promise<void> {
    return this.pool.destroy();
  }
}
