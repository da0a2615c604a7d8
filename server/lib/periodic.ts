/**
 * A background task that runs at most once every `everyMs`, the first time `everyMs` after the
 * first call (away from a start's busy moments). The outbox sender's pass calls such tasks; the
 * time is the caller's, so a test moves it.
 */
export function periodic(
  everyMs: number,
  task: (now: Date) => Promise<void>,
): (now: Date) => Promise<void> {
  let next: number | undefined;
  return async (now) => {
    const due = next;
    if (due !== undefined && now.getTime() < due) return;
    next = now.getTime() + everyMs;
    if (due !== undefined) await task(now);
  };
}
