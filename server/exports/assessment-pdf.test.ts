import { expect, it } from 'vitest';
import type { AssessmentDetail } from '../../domain/schemas/assessment-detail.ts';
import { pdfBytes, pdfPages } from '../test/pdf-text.ts';
import { assessmentPdf } from './assessment-pdf.ts';
import { exportLocale } from './format.ts';

/** A validated assessment of one block with `count` graded criteria, each with a remark. */
function assessment(count: number): AssessmentDetail {
  const criteria = Array.from({ length: count }, (_, i) => ({
    name: `Critère ${i + 1}`,
    description: 'Travaille avec soin et en sécurité',
    points: '6',
    evaluation: {
      evaluation: null,
      text: 'Bonne progression sur le semestre.',
      progression: [],
      grade: '5',
      letter: null,
      points: null,
      trend: null,
    },
  }));
  return {
    student: { first_name: 'Zoë', last_name: 'Müller' },
    module: {
      name: 'CIE 1',
      module_type: 'INTERCOMPANY_COURSE',
      start_date: null,
      end_date: null,
      graded: true,
    },
    group: null,
    status: 'VALIDATED',
    validated_at: null,
    validated_by: null,
    closed_at: null,
    closed_by: null,
    grade: '5',
    comment: '',
    blocks: [
      {
        reference: 'A',
        name: 'Pratique',
        reference_color: null,
        should_include_in_export: true,
        evaluation: { grade: '5', comment: '' },
        criteria,
        blocks: [],
      },
    ],
  } as unknown as AssessmentDetail;
}

it('never leaves the signature block alone on its last page, however many criteria', async () => {
  const l = exportLocale('fr');
  let pagesSeen = 0;
  for (let count = 1; count <= 36; count++) {
    const { pages } = await pdfPages(
      await pdfBytes(assessmentPdf(l, assessment(count), [], new Date())),
    );
    pagesSeen = Math.max(pagesSeen, pages.length);
    const last = pages.at(-1)!;
    expect(last, `${count} criteria`).toContain('Signatures');
    // the last criterion, and so some of the evaluation, is on the signatures' page
    expect(last, `${count} criteria`).toContain(`Critère ${count}`);
  }
  expect(pagesSeen).toBeGreaterThan(2);
}, 60_000);
