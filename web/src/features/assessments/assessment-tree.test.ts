import { describe, expect, it } from 'vitest';
import type { AssessmentJson, BlockJson, CriterionJson } from './api.ts';
import { applySaved, isEditable, liveGrades, serverValue } from './assessment-tree.ts';
import { createQueue, edit, take, type QueueState } from './save-queue.ts';

let nextId = 1;

function criterion(overrides: Partial<CriterionJson> = {}): CriterionJson {
  const id = nextId++;
  return {
    id,
    name: `c${id}`,
    description: '',
    order: 0,
    has_evaluation: true,
    has_text_input: false,
    has_progression: false,
    flags: [],
    grade: null,
    letter_evaluation: null,
    points: '2',
    evaluation: {
      id: 100 + id,
      evaluation: null,
      text: null,
      progression: [],
      grade: null,
      letter: null,
      points: null,
      trend: null,
    },
    ...overrides,
  };
}

const gradeCriterion = (weight: string) =>
  criterion({ has_evaluation: false, grade: { min: '1', max: '6', step: '0.5', weight } });

function block(overrides: Partial<BlockJson>): BlockJson {
  const id = nextId++;
  return {
    id,
    name: `b${id}`,
    reference: '',
    reference_color: null,
    order: 0,
    grading_formula: 'OVER_FIVE_PLUS_ONE_ROUND',
    coefficient: '1',
    should_include_in_export: true,
    is_one_line: false,
    evaluation: { id: 200 + id, comment: '', grade: null },
    criteria: [],
    blocks: [],
    ...overrides,
  };
}

function assessment(blocks: BlockJson[]): AssessmentJson {
  return {
    id: 9,
    status: 'IN_PROGRESS',
    grade: null,
    created_at: '2026-08-01T06:00:00Z',
    updated_at: '2026-08-01T06:00:00Z',
    version: 1,
    comment: '',
    is_included_in_grade_summary: true,
    module: {
      id: 1,
      name: 'M',
      module_type: 'INTERCOMPANY_COURSE',
      status: 'OPEN',
      graded: true,
      rounding_formula: 'TENTH',
      unit: 1,
      start_date: null,
      end_date: null,
    },
    group: { id: 1, name: 'G' },
    student: { id: 1, first_name: 'A', last_name: 'B' },
    validated_at: null,
    validated_by: null,
    closed_at: null,
    closed_by: null,
    blocks,
    permissions: {
      evaluate: true,
      validate: true,
      close: false,
      reopen: false,
      include: false,
      exclude: true,
      move: false,
      delete: false,
      sign: false,
    },
    signatures: [],
    signatures_missing: [],
  };
}

const levels = [criterion(), criterion(), criterion()];
const grades = [gradeCriterion('1'), gradeCriterion('2')];
const points = block({ criteria: levels });
const average = block({ grading_formula: 'AVERAGE', criteria: grades });
const detail = assessment([points, average]);

/** The values typed on screen, not saved yet. */
function typed(values: [CriterionJson, Record<string, unknown>][]): QueueState {
  return values.reduce(
    (queue, [c, fields]) => edit(queue, { kind: 'criterion', id: c.evaluation.id }, fields, {}, 0),
    createQueue(1),
  );
}

describe('live grades from the values on screen', () => {
  it('compute domain.md examples 1 and 2 and the module grade before anything is saved', () => {
    const queue = typed([
      [levels[0]!, { evaluation: 'GOOD' }],
      [levels[1]!, { evaluation: 'SUFFICIENT' }],
      [levels[2]!, { evaluation: 'INSUFFICIENT' }],
      [grades[0]!, { grade: '4.5' }],
      [grades[1]!, { grade: '5.5' }],
    ]);
    const result = liveGrades(detail, queue);
    expect(result.blocks[points.id]).toBe('3.7');
    expect(result.blocks[average.id]).toBe('5.2');
    // (3.7 + 5.2) / 2 = 4.45 → 4.5
    expect(result.module).toBe('4.5');
  });

  it('follow each keystroke: a cleared value leaves the criterion out', () => {
    const queue = typed([
      [grades[0]!, { grade: '4.5' }],
      [grades[1]!, { grade: null }],
    ]);
    const result = liveGrades(detail, queue);
    expect(result.blocks[average.id]).toBe('4.5');
    expect(result.blocks[points.id]).toBeNull();
  });
});

describe('the copy of the assessment after a save', () => {
  it('takes the saved values, the new version and the server grades', () => {
    const queue = edit(
      createQueue(1),
      { kind: 'criterion', id: levels[0]!.evaluation.id },
      { evaluation: 'GOOD' },
      {},
      0,
    );
    const { change } = take(queue, 10_000)!;
    const saved = applySaved(detail, change, {
      version: 2,
      grade: '6',
      blocks: [{ id: points.evaluation.id, block: points.id, grade: '6' }],
      criteria: [{ id: levels[0]!.evaluation.id, criterion: levels[0]!.id, points: '2' }],
    });
    expect(saved.version).toBe(2);
    expect(saved.grade).toBe('6');
    expect(saved.blocks[0]!.evaluation.grade).toBe('6');
    expect(saved.blocks[0]!.criteria[0]!.evaluation).toMatchObject({
      evaluation: 'GOOD',
      points: '2',
    });
    expect(saved.blocks[1]).toEqual(average);
    expect(serverValue(saved, change.target, 'evaluation')).toBe('GOOD');
    expect(serverValue(detail, change.target, 'evaluation')).toBeNull();
  });

  it('a block comment and the assessment comment are read back from their place', () => {
    const commented = applySaved(
      detail,
      {
        target: { kind: 'block', id: average.evaluation.id },
        fields: { comment: 'Soigné' },
        base: {},
        dueAt: 0,
        since: 0,
      },
      { version: 3, grade: null, blocks: [], criteria: [] },
    );
    expect(serverValue(commented, { kind: 'block', id: average.evaluation.id }, 'comment')).toBe(
      'Soigné',
    );
    expect(
      serverValue({ ...detail, comment: 'Bien' }, { kind: 'assessment', id: 9 }, 'comment'),
    ).toBe('Bien');
  });

  it('is read only once validated or without the right to evaluate', () => {
    expect(isEditable(detail)).toBe(true);
    expect(isEditable({ ...detail, status: 'VALIDATED' })).toBe(false);
    expect(isEditable({ ...detail, permissions: { ...detail.permissions, evaluate: false } })).toBe(
      false,
    );
  });
});
