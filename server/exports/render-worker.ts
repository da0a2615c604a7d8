/**
 * Runs in a worker thread of the export pool (render-pool.ts): builds one file and hands its
 * bytes back, so the PDF layout and the spreadsheet never hold the server's event loop.
 */
import type { Readable } from 'node:stream';
import { move } from 'piscina';
import { exportLocale } from './format.ts';
import type { ExportJob } from './render-pool.ts';

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The file's bytes are moved to the server's thread, not copied. Only a buffer that owns its
 * memory moves: a small one shares Node's buffer pool, which moving would take from this thread.
 */
function handedOver(bytes: Uint8Array): Uint8Array {
  const owned =
    bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
      ? bytes
      : new Uint8Array(bytes);
  return move(owned) as Uint8Array;
}

export default async function render(job: ExportJob): Promise<Uint8Array> {
  return handedOver(await build(job));
}

/**
 * Each kind's code is loaded on its first job: a new worker asked for a PDF no longer loads the
 * spreadsheet library (its first PDF 590 → 410 ms, `npm run bench:pdf`), nor one asked for a
 * spreadsheet the PDF fonts.
 */
async function build(job: ExportJob): Promise<Uint8Array> {
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
