/**
 * `npm run bench:pdf`: milliseconds to build one assessment PDF (a typical course of 5 blocks of
 * 6 evaluated criteria, names with č and ł), in one process, three ways, taken in turns:
 *
 *   current    the exports as they are: DejaVu Sans, parsed once at start, a subset per PDF
 *   reparsed   DejaVu Sans handed to pdfkit as file bytes, parsed again for every PDF
 *   helvetica  pdfkit's built-in Helvetica, as before DejaVu Sans: nothing to parse or embed,
 *              but no č or ł either (the reference of the ratios)
 *
 * The time of a PDF is the time the event loop is busy with it, from the first line to the last
 * byte. Then the wait for the first PDF of a new export worker (server/exports/render-pool.ts:
 * the pool lets an idle worker go after a minute), against its next one. Only figures are
 * printed, nothing is asserted.
 *
 *   BENCH_PDFS  PDFs per way (default 40, after 5 to warm up)
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { assessmentPdf } from '../server/exports/assessment-pdf.ts';
import { exportLocale } from '../server/exports/format.ts';
import { ExportRenderer } from '../server/exports/render-pool.ts';
import { FONT } from '../server/exports/pdf-layout.ts';
import type { AssessmentDetail } from '../domain/schemas/assessment-detail.ts';

const PDFS = Number(process.env.BENCH_PDFS ?? 40);
const WARM_UP = 5;

type Detail = AssessmentDetail;
type Block = Detail['blocks'][number];
type Criterion = Block['criteria'][number];

const person = (id: number, first_name: string, last_name: string) => ({
  id,
  first_name,
  last_name,
});

function criterion(id: number, block: number, index: number): Criterion {
  const kind = index % 3;
  return {
    id,
    name: `Critère ${block}.${index} – applique les consignes de sécurité du poste`,
    description: 'Observé pendant le travail pratique, sur la base de la grille du cours.',
    order: index,
    has_evaluation: kind === 0,
    has_text_input: true,
    has_progression: kind === 2,
    flags: kind === 2 ? ['OBSERVED', 'PRACTICED', 'AUTONOMOUSLY_EXECUTED'] : [],
    grade: kind === 1 ? { min: '1', max: '6', step: '0.5', weight: '1' } : null,
    letter_evaluation: null,
    points: '2',
    evaluation: {
      id,
      evaluation: kind === 0 ? 'GOOD' : null,
      text: 'Travail soigné et autonome ; quelques hésitations au début, corrigées seul.',
      progression: kind === 2 ? ['OBSERVED', 'PRACTICED'] : [],
      grade: kind === 1 ? '5.5' : null,
      letter: null,
      points: '1.5',
      trend: kind === 1 ? 'UP' : null,
    },
  };
}

function block(id: number, index: number, blocks: Block[] = []): Block {
  return {
    id,
    name: `Compétence opérationnelle ${index}`,
    reference: `A${index}`,
    reference_color: '#3f6fb5',
    order: index,
    grading_formula: 'AVERAGE',
    coefficient: '1',
    should_include_in_export: true,
    is_one_line: false,
    evaluation: { id, comment: 'Objectifs atteints.', grade: '5.0' },
    criteria:
      blocks.length > 0 ? [] : [1, 2, 3, 4, 5, 6].map((c) => criterion(id * 10 + c, index, c)),
    blocks,
  };
}

const detail: Detail = {
  id: 1,
  status: 'VALIDATED',
  grade: '5.0',
  version: 3,
  comment: 'Très bon engagement durant tout le cours, ponctuel et attentif aux autres.',
  is_included_in_grade_summary: true,
  module: {
    id: 1,
    name: 'CIE 3 – Installations électriques',
    module_type: 'INTERCOMPANY_COURSE',
    status: 'LOCKED',
    graded: true,
    rounding_formula: 'TENTH',
    unit: 1,
    start_date: '2026-08-01',
    end_date: '2026-09-30',
  },
  group: { id: 1, name: 'Groupe B' },
  student: person(1, 'Ana', 'Čolić-Łukasz'),
  validated_at: '2026-10-02T08:15:00Z',
  validated_by: person(2, 'Jörg', 'Dätwyler'),
  closed_at: null,
  closed_by: null,
  created_at: '2026-08-01T06:00:00Z',
  updated_at: '2026-10-02T08:15:00Z',
  blocks: [block(1, 1), block(2, 2), block(3, 3), block(4, 4, [block(5, 5)])],
  permissions: {
    evaluate: false,
    validate: false,
    close: false,
    reopen: false,
    include: false,
    exclude: false,
    move: false,
    delete: false,
    sign: false,
  },
  signatures: [],
  signatures_missing: [],
};

const l = exportLocale('fr');
const instructors = ['Jörg Dätwyler', 'Michał Kowalski'];
const now = new Date('2026-10-02T09:00:00Z');

/** The time to build the PDF and read it to its last byte, in ms, and its size in bytes. */
function buildOne(): Promise<{ ms: number; bytes: number }> {
  const start = performance.now();
  const doc = assessmentPdf(l, detail, instructors, now);
  let bytes = 0;
  return new Promise((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => (bytes += chunk.length));
    doc.on('end', () => resolve({ ms: performance.now() - start, bytes }));
    doc.on('error', reject);
  });
}

/*
 * The other ways swap what `createPdf` registers under the font names (FONT): the bench changes
 * pdfkit's `registerFont` for its own run, the exports' code stays as it is.
 */
const require = createRequire(import.meta.url);
const fileOf = (name: string) => readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${name}.ttf`));
const WAYS: Record<string, Record<string, string | Buffer> | null> = {
  current: null,
  reparsed: Object.fromEntries(Object.values(FONT).map((name) => [name, fileOf(name)])),
  helvetica: {
    [FONT.regular]: 'Helvetica',
    [FONT.bold]: 'Helvetica-Bold',
    [FONT.italic]: 'Helvetica-Oblique',
  },
};
const registerFont = PDFDocument.prototype.registerFont;

function use(way: string) {
  const sources = WAYS[way];
  const swapped = function (
    this: PDFKit.PDFDocument,
    name: string,
    _src: unknown,
    family?: string,
  ) {
    return registerFont.call(this, name, sources?.[name], family);
  };
  PDFDocument.prototype.registerFont = sources ? swapped : registerFont;
}

const times: Record<string, number[]> = {};
const sizes: Record<string, number> = {};
for (let round = 0; round < WARM_UP + PDFS; round++)
  for (const way of Object.keys(WAYS)) {
    use(way);
    const { ms, bytes } = await buildOne();
    sizes[way] = bytes;
    if (round >= WARM_UP) (times[way] ??= []).push(ms);
  }
use('current');

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const reference = median(times.helvetica!);
console.log(`assessment PDF, ${PDFS} per way (ms per PDF; ratio of the medians to Helvetica)`);
for (const [way, values] of Object.entries(times)) {
  const m = median(values);
  const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
  console.log(
    `${way.padEnd(10)} median ${m.toFixed(1).padStart(6)}  mean ${mean.toFixed(1).padStart(6)}  ` +
      `×${(m / reference).toFixed(2)}  ${(sizes[way]! / 1024).toFixed(0)} KB`,
  );
}

/** The first PDF of a new worker (loading its code and fonts) and the next one, in ms. */
async function newWorker(): Promise<[number, number]> {
  const renderer = new ExportRenderer();
  const job = {
    kind: 'assessment-pdf',
    locale: 'fr',
    now: now.toISOString(),
    detail,
    instructors,
    record: null,
  } as const;
  const timed = async () => {
    const start = performance.now();
    await renderer.render(job);
    return performance.now() - start;
  };
  try {
    return [await timed(), await timed()];
  } finally {
    await renderer.close();
  }
}
const workers = [await newWorker(), await newWorker(), await newWorker()];
console.log(
  `a new export worker's first PDF: median ${median(workers.map(([first]) => first)).toFixed(0)} ms, ` +
    `its next one ${median(workers.map(([, next]) => next)).toFixed(0)} ms (3 new workers)`,
);
