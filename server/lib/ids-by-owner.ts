/**
 * The ids each owner holds (a template's blocks, a cohort's students…), for a whole page of
 * owners in one query: every owner is present, with [] when it holds none; no owners, no query.
 */
export async function idsByOwner(
  ownerIds: number[],
  load: () => Promise<{ owner: number; id: number }[]>,
): Promise<Map<number, number[]>> {
  const byOwner = new Map<number, number[]>(ownerIds.map((id) => [id, []]));
  if (ownerIds.length === 0) return byOwner;
  for (const row of await load()) byOwner.get(row.owner)!.push(row.id);
  return byOwner;
}
