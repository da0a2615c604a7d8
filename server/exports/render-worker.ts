/**
 * Runs in a worker thread of the export pool (render-pool.ts): builds one file and hands its
 * bytes back, so the PDF layout and the spreadsheet never hold the server's event loop.
 */
import type { Readable } from 'node:stream';
import { assessmentPdf } from './assessment-pdf.ts';
import { exportLocale } from './format.ts';
import { gradeSummaryPdf } from './grade-summary-pdf.ts';
import { gradeSummaryXlsx } from './grade-summary-xlsx.ts';
import { personalDataPdf } from './personal-data-pdf.ts';
import { progressionXlsx } from './progression-xlsx.ts';
import type { ExportJob } from './render-pool.ts';

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export default async function render(job: ExportJob): Promise<Uint8Array> {
  const l = exportLocale(job.locale);
  const now = new Date(job.now);
  switch (job.kind) {
    case 'assessment-pdf':
      return bytesOf(assessmentPdf(l, job.detail, job.instructors, now, job.record));
    case 'grade-summary-pdf':
      return bytesOf(gradeSummaryPdf(l, job.summary, now));
    case 'grade-summary-xlsx':
      return gradeSummaryXlsx(l, job.summary, now);
    case 'personal-data-pdf':
      return bytesOf(personalDataPdf(l, job.data, now));
    case 'progression-xlsx':
      return progressionXlsx(l, job.map, now);
  }
}
