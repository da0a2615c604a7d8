import { zipSync } from 'fflate';
import type { ExportFormat } from '../../shared/api/grade-summary.ts';

/** A student whose grade summary the batch fetches. */
export interface BatchStudent {
  id: number;
  name: string;
}

export interface BatchFile {
  filename: string;
  data: Uint8Array;
}

export interface BatchProgress {
  /** files fetched or failed so far */
  done: number;
  total: number;
}

export interface BatchFailure {
  student: BatchStudent;
  format: ExportFormat;
  error: unknown;
}

export interface BatchResult {
  files: BatchFile[];
  failures: BatchFailure[];
  /** stopped by the signal before the end: the files fetched so far are kept */
  cancelled: boolean;
}

export type FetchOne = (
  student: BatchStudent,
  format: ExportFormat,
  signal: AbortSignal,
) => Promise<BatchFile>;

const isAbort = (error: unknown, signal: AbortSignal) =>
  signal.aborted || (error instanceof DOMException && error.name === 'AbortError');

/**
 * Fetches every student's summary in every format, one after another (the server is not
 * flooded, progress moves one file at a time). A failure is recorded and the batch goes on;
 * the signal stops it between or during fetches.
 */
export async function runBatch(
  students: readonly BatchStudent[],
  formats: readonly ExportFormat[],
  fetchOne: FetchOne,
  options: { signal: AbortSignal; onProgress?: (progress: BatchProgress) => void },
): Promise<BatchResult> {
  const { signal, onProgress } = options;
  const total = students.length * formats.length;
  const result: BatchResult = { files: [], failures: [], cancelled: false };
  let done = 0;
  onProgress?.({ done, total });
  for (const student of students) {
    for (const format of formats) {
      if (signal.aborted) return { ...result, cancelled: true };
      try {
        result.files.push(await fetchOne(student, format, signal));
      } catch (error) {
        if (isAbort(error, signal)) return { ...result, cancelled: true };
        result.failures.push({ student, format, error });
      }
      done += 1;
      onProgress?.({ done, total });
    }
  }
  return result;
}

/** Names safe in a ZIP on every system, and unique: "Muster Léa.pdf", "Muster Léa (2).pdf". */
export function uniqueNames(filenames: readonly string[]): string[] {
  const taken = new Set<string>();
  return filenames.map((raw) => {
    const clean =
      [...raw.replace(/[\p{Cc}\p{Cf}]/gu, '')]
        .map((char) => ('\\/:*?"<>|'.includes(char) ? '_' : char))
        .join('')
        .trim() || 'file';
    const dot = clean.lastIndexOf('.');
    const [stem, extension] = dot > 0 ? [clean.slice(0, dot), clean.slice(dot)] : [clean, ''];
    let name = clean;
    for (let n = 2; taken.has(name.toLowerCase()); n += 1) name = `${stem} (${n})${extension}`;
    taken.add(name.toLowerCase());
    return name;
  });
}

/** One ZIP of the fetched files (they are compressed already: stored as they are). */
export function zipFiles(files: readonly BatchFile[]): Uint8Array {
  const names = uniqueNames(files.map((file) => file.filename));
  return zipSync(Object.fromEntries(files.map((file, index) => [names[index]!, file.data])), {
    level: 0,
  });
}
