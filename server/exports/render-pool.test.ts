import { afterAll, expect, it } from 'vitest';
import type { GradeSummary } from '../../domain/schemas/grade-summary.ts';
import { pdfText } from '../test/pdf-text.ts';
import { ExportRenderer } from './render-pool.ts';

const renderer = new ExportRenderer();
afterAll(() => renderer.close());

const summary = (last_name: string): GradeSummary => ({
  student: { id: 1, first_name: 'Ana', last_name },
  groups: [
    {
      module_type: 'INTERCOMPANY_COURSE',
      average: '4.5',
      is_insufficient: false,
      assessments: [
        {
          assessment: 1,
          module: { id: 1, name: 'CIE 3', start_date: '2026-08-01', end_date: null },
          status: 'VALIDATED',
          grade: '4.5',
          is_insufficient: false,
        },
      ],
    },
  ],
  average: '4.5',
  is_insufficient: false,
});

const now = '2026-10-02T09:00:00Z';

it('hands every file of one worker over whole, one after the other, PDFs and spreadsheets in turns', async () => {
  for (const name of ['Čolić', 'Łukasz', 'Şahin']) {
    const pdf = await renderer.render({
      kind: 'grade-summary-pdf',
      locale: 'fr',
      now,
      summary: summary(name),
    });
    expect(await pdfText(pdf)).toContain(`Ana ${name}`);
    const xlsx = await renderer.render({
      kind: 'grade-summary-xlsx',
      locale: 'de',
      now,
      summary: summary(name),
    });
    expect(xlsx.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(xlsx.toString('latin1')).toContain('[Content_Types].xml');
  }
});
