/**
 * The results of `work` over `items`, yielded in the items' order while up to `width` of them
 * run at once: the next ones are prepared while the reader takes the current one. `work` must
 * not reject (a result that stands for a failure is fine): when the reader stops early, the
 * results still running are dropped.
 */
export async function* inOrder<T, R>(
  items: readonly T[],
  width: number,
  work: (item: T) => Promise<R>,
): AsyncGenerator<R> {
  const running: Promise<R>[] = [];
  let next = 0;
  while (next < items.length || running.length > 0) {
    while (running.length < width && next < items.length) running.push(work(items[next++]!));
    yield await running.shift()!;
  }
}
