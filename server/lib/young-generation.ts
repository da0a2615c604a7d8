const CAP = /^--max[-_]semi[-_]space[-_]size(=|$)/;

/**
 * Whether node was started with a cap on V8's young generation, as `npm start` starts it
 * (`--max-semi-space-size=16`, package.json). V8 reads it only when the process starts, so the
 * server cannot set it for itself: without it, Node 24 sizes the young generation by the
 * machine's memory, and the server uses more memory and spends several times longer collecting
 * garbage under load (docs/decisions.md).
 */
export function youngGenerationCapped(
  execArgv: readonly string[],
  nodeOptions: string | undefined,
): boolean {
  return [...execArgv, ...(nodeOptions ?? '').split(/\s+/)].some((flag) => CAP.test(flag));
}
