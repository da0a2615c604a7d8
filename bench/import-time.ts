/**
 * The import of a file of people as the web app makes it (`POST /api/profiles/import/`): the
 * preview (a dry run that checks every row) and then the import, timed from the request to the
 * whole answer.
 */

/** The file: a school's intake. */
export const IMPORTED_ROWS = 2_000;

export interface ImportTime {
  /** ms of each turn, in their order */
  preview: number[];
  created: number[];
}

/** A file of new students, other than every earlier turn's (their addresses must be free). */
function fileOf(turn: number) {
  return Array.from({ length: IMPORTED_ROWS }, (_, i) => ({
    first_name: `Élève ${i + 1}`,
    last_name: `Volée ${turn + 1}`,
    email: `volee-${turn + 1}.eleve-${i + 1}@bench.example.ch`,
    kind: 'FEDERAL_VET_CERTIFICATE',
  }));
}

/**
 * `turns` files of IMPORTED_ROWS students imported into `unit` by the reader of `headers` (a
 * unit admin or an admin): each previewed, then imported. The unit grows by every file, so this
 * runs after the measurements that read it.
 */
export async function importTimes(
  origin: string,
  headers: Record<string, string>,
  unit: number,
  turns: number,
): Promise<ImportTime> {
  const post = async (rows: ReturnType<typeof fileOf>, dryRun: boolean) => {
    const started = performance.now();
    const response = await fetch(`${origin}/api/profiles/import/`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ unit, role: 'STUDENT', rows, dry_run: dryRun }),
    });
    const body = await response.text();
    if (response.status !== (dryRun ? 200 : 201))
      throw new Error(`import answered ${response.status}: ${body.slice(0, 200)}`);
    return performance.now() - started;
  };
  const times: ImportTime = { preview: [], created: [] };
  for (let turn = 0; turn < turns; turn++) {
    const rows = fileOf(turn);
    times.preview.push(await post(rows, true));
    times.created.push(await post(rows, false));
  }
  return times;
}
