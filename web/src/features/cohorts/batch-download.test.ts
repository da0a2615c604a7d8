import { strFromU8, strToU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { ExportFormat } from '../../shared/api/grade-summary.ts';
import {
  runBatch,
  uniqueNames,
  zipFiles,
  type BatchProgress,
  type BatchStudent,
  type FetchOne,
} from './batch-download.ts';

const students: BatchStudent[] = [
  { id: 1, name: 'Léa Muster' },
  { id: 2, name: 'Noah Beispiel' },
  { id: 3, name: 'Mia Exemple' },
];

const fileOf = (student: BatchStudent, format: ExportFormat) => ({
  filename: `${student.name}.${format}`,
  data: strToU8(`${student.id}-${format}`),
});

describe('runBatch', () => {
  it('fetches every student in every format in order and reports each step', async () => {
    const calls: string[] = [];
    const progress: BatchProgress[] = [];
    const result = await runBatch(
      students,
      ['pdf', 'xlsx'],
      (student, format) => {
        calls.push(`${student.id}.${format}`);
        return Promise.resolve(fileOf(student, format));
      },
      { signal: new AbortController().signal, onProgress: (p) => progress.push(p) },
    );
    expect(calls).toEqual(['1.pdf', '1.xlsx', '2.pdf', '2.xlsx', '3.pdf', '3.xlsx']);
    expect(progress.map((p) => `${p.done}/${p.total}`)).toEqual([
      '0/6',
      '1/6',
      '2/6',
      '3/6',
      '4/6',
      '5/6',
      '6/6',
    ]);
    expect(result.files).toHaveLength(6);
    expect(result).toMatchObject({ failures: [], cancelled: false });
  });

  it('records a failure and goes on with the others', async () => {
    const refusal = new Error('404');
    const fetchOne: FetchOne = (student, format) =>
      student.id === 2 ? Promise.reject(refusal) : Promise.resolve(fileOf(student, format));
    const result = await runBatch(students, ['pdf'], fetchOne, {
      signal: new AbortController().signal,
    });
    expect(result.files.map((f) => f.filename)).toEqual(['Léa Muster.pdf', 'Mia Exemple.pdf']);
    expect(result.failures).toEqual([{ student: students[1], format: 'pdf', error: refusal }]);
    expect(result.cancelled).toBe(false);
  });

  it('stops when cancelled during a fetch, keeping what it has', async () => {
    const controller = new AbortController();
    const calls: number[] = [];
    const fetchOne: FetchOne = (student, format, signal) => {
      calls.push(student.id);
      if (student.id === 1) return Promise.resolve(fileOf(student, format));
      controller.abort();
      return Promise.reject(signal.reason as Error);
    };
    const result = await runBatch(students, ['pdf'], fetchOne, { signal: controller.signal });
    expect(calls).toEqual([1, 2]);
    expect(result.files).toHaveLength(1);
    expect(result.failures).toEqual([]);
    expect(result.cancelled).toBe(true);
  });

  it('does not start when already cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    let called = false;
    const result = await runBatch(
      students,
      ['pdf'],
      () => {
        called = true;
        return Promise.reject(new Error('never'));
      },
      { signal: controller.signal },
    );
    expect(called).toBe(false);
    expect(result.cancelled).toBe(true);
  });
});

describe('uniqueNames', () => {
  it('drops control and direction-override characters', () => {
    expect(uniqueNames(['Lea\u202Efdp.exe\u0007\u2066.pdf', 'Tab\tname\u0085.pdf'])).toEqual([
      'Leafdp.exe.pdf',
      'Tabname.pdf',
    ]);
  });

  it('numbers repeated names before the extension and replaces unsafe characters', () => {
    expect(uniqueNames(['A B.pdf', 'a b.pdf', 'A B.pdf', 'x/y:z.xlsx', ''])).toEqual([
      'A B.pdf',
      'a b (2).pdf',
      'A B (3).pdf',
      'x_y_z.xlsx',
      'file',
    ]);
  });
});

describe('zipFiles', () => {
  it('holds one entry per file with its content', () => {
    const zip = zipFiles([fileOf(students[0]!, 'pdf'), fileOf(students[0]!, 'pdf')]);
    const entries = unzipSync(zip);
    expect(Object.keys(entries)).toEqual(['Léa Muster.pdf', 'Léa Muster (2).pdf']);
    expect(strFromU8(entries['Léa Muster.pdf']!)).toBe('1-pdf');
  });
});
