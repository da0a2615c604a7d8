/**
 * Runs in a worker thread of the export pool (render-pool.ts): builds one file and hands its
 * bytes back, so the PDF layout and the spreadsheet never hold the server's event loop.
 */
import type { Readable } from 'node:stream';
import { exportLocale } from './format.ts';
import type { ExportJob } from './render-pool.ts';

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Each kind's code is loaded on its first job: a new worker asked for a PDF no longer loads the
 * spreadsheet library (its first PDF 590 → 410 ms, `npm run bench:pdf`), nor one asked for a
 * spreadsheet the PDF fonts.
 */
export default async function render(job: ExportJob): Promise<Uint8Array> {
  const l = exportLocale(job.locale);
  const now = new Date(job.now);
  switch (job.kind) {
    case 'assessment-pdf': {
      const { assessmentPdf } = await import('./assessment-pdf.ts');
      return bytesOf(assessmentPdf(l, job.detail, job.instructors, now, job.record));
    }
    case 'grade-summary-pdf': {
      const { gradeSummaryPdf } = await import('./grade-summary-pdf.ts');
      return bytesOf(gradeSummaryPdf(l, job.summary, now));
    }
    case 'grade-summary-xlsx': {
      const { gradeSummaryXlsx } = await import('./grade-summary-xlsx.ts');
      return gradeSummaryXlsx(l, job.summary, now);
    }
    case 'personal-data-pdf': {
      const { personalDataPdf } = await import('./personal-data-pdf.ts');
      return bytesOf(personalDataPdf(l, job.data, now));
    }
    case 'progression-xlsx': {
      const { progressionXlsx } = await import('./progression-xlsx.ts');
      return progressionXlsx(l, job.map, now);
    }
  }
}
