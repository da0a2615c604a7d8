/** The baseline's grade summary PDF: the same layout code, rendered on the event loop. */
import type { GradeSummary } from '../domain/schemas/grade-summary.ts';
import { exportLocale } from '../server/exports/format.ts';
import { gradeSummaryPdf } from '../server/exports/grade-summary-pdf.ts';

export async function summaryPdf(summary: unknown): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of gradeSummaryPdf(
    exportLocale('fr'),
    summary as GradeSummary,
    new Date(),
  ))
    chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
