/**
 * The autosave queue of the assessment page, pure: the hook feeds it edits and server answers and
 * asks what to send next. One request in flight at a time; edits of the same target (a criterion
 * evaluation, a block evaluation or the assessment) are merged while they wait; nothing the user
 * typed is dropped on a failure: it goes back in the queue, newer edits on top.
 */

type TargetKind = 'criterion' | 'block' | 'assessment';

/** What a change is written to: a criterion evaluation, a block evaluation or the assessment. */
export interface Target {
  kind: TargetKind;
  id: number;
}

export type Fields = Record<string, unknown>;

export interface Change {
  target: Target;
  /** field → the user's value */
  fields: Fields;
  /** field → the server's value when the user first changed it (to show what differs later) */
  base: Fields;
  /** when the change may be sent (the debounce) */
  dueAt: number;
  /** when the user began this change: a long stream of edits is still sent every MAX_WAIT_MS */
  since: number;
}

export interface QueueState {
  /** the assessment's version every write carries */
  version: number;
  /** waiting changes, oldest first, at most one per target */
  pending: Change[];
  inFlight: Change | null;
  /** changes the server refused (400/403/404): shown, not sent again until edited */
  refused: Change[];
  /** server messages of refused changes, by target key then field */
  errors: Record<string, Record<string, string[]>>;
  /** consecutive failed attempts (network, 5xx) */
  failures: number;
  /** when the next attempt after a failure is due */
  retryAt: number | null;
  /** someone else wrote first (409): nothing is sent until the user takes their changes */
  conflict: string | null;
  /** after taking their changes: nothing is sent until the user has looked at the differences */
  reviewing: boolean;
}

export type SaveStatus = 'saved' | 'saving' | 'failed' | 'conflict';

export const DEBOUNCE_MS = 600;
export const MAX_WAIT_MS = 5000;
const MAX_BACKOFF_MS = 30_000;

export const keyOf = (target: Target) => `${target.kind}:${target.id}`;
const sameTarget = (a: Target, b: Target) => a.kind === b.kind && a.id === b.id;

export const createQueue = (version: number): QueueState => ({
  version,
  pending: [],
  inFlight: null,
  refused: [],
  errors: {},
  failures: 0,
  retryAt: null,
  conflict: null,
  reviewing: false,
});

/** The delay before attempt n + 1 after n failures: 1 s, 2 s, 4 s … at most 30 s. */
export const backoffDelay = (failures: number) =>
  Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.max(0, failures - 1));

/** `older` then `newer` on top: newer values win, the oldest base of each field is kept. */
function merge(older: Change, newer: Change): Change {
  return {
    target: newer.target,
    fields: { ...older.fields, ...newer.fields },
    base: { ...newer.base, ...older.base },
    dueAt: Math.min(older.dueAt, newer.dueAt),
    since: Math.min(older.since, newer.since),
  };
}

/** Puts a change back at the front of the queue, under the newer edits of its target. */
function putBack(pending: Change[], change: Change, now: number): Change[] {
  const newer = pending.find((c) => sameTarget(c.target, change.target));
  const back = { ...(newer ? merge(change, newer) : change), dueAt: now };
  return [back, ...pending.filter((c) => !sameTarget(c.target, change.target))];
}

/**
 * The user changed `fields` of `target`; `base` holds the server's current values of them.
 * A refused change of the same target comes back into the queue with it.
 */
export function edit(
  state: QueueState,
  target: Target,
  fields: Fields,
  base: Fields,
  now: number,
  delay = DEBOUNCE_MS,
): QueueState {
  const key = keyOf(target);
  const refused = state.refused.find((c) => sameTarget(c.target, target));
  let change: Change = { target, fields, base, dueAt: now + delay, since: now };
  if (refused) change = merge(refused, change);
  const existing = state.pending.find((c) => sameTarget(c.target, target));
  const { [key]: _cleared, ...errors } = state.errors;
  return {
    ...state,
    refused: state.refused.filter((c) => c !== refused),
    errors,
    pending: existing
      ? state.pending.map((c) =>
          c === existing
            ? { ...merge(c, change), dueAt: Math.min(now + delay, c.since + MAX_WAIT_MS) }
            : c,
        )
      : [...state.pending, change],
  };
}

/** Every waiting change is due now, and a waiting retry happens now ("Retry now", leaving). */
export const flush = (state: QueueState, now: number): QueueState => ({
  ...state,
  pending: state.pending.map((c) => ({ ...c, dueAt: Math.min(c.dueAt, now) })),
  retryAt: state.retryAt === null ? null : now,
});

/** The change to send now with its body, or null (one in flight, debounce, backoff, conflict). */
export function take(
  state: QueueState,
  now: number,
): { state: QueueState; change: Change; body: Fields } | null {
  if (state.inFlight || state.conflict || state.reviewing) return null;
  if (state.retryAt !== null && now < state.retryAt) return null;
  const change = state.pending.find((c) => c.dueAt <= now);
  if (!change) return null;
  return {
    state: { ...state, inFlight: change, pending: state.pending.filter((c) => c !== change) },
    change,
    body: { ...change.fields, version: state.version },
  };
}

/** When the hook should look again: the next debounce or retry; null when nothing waits. */
export function nextWakeAt(state: QueueState): number | null {
  if (state.inFlight || state.conflict || state.reviewing || state.pending.length === 0)
    return null;
  const due = Math.min(...state.pending.map((c) => c.dueAt));
  return state.retryAt === null ? due : Math.max(due, state.retryAt);
}

/** The server stored the change in flight and answered the new version. */
export const succeed = (state: QueueState, version: number): QueueState => ({
  ...state,
  version,
  inFlight: null,
  failures: 0,
  retryAt: null,
});

/** The request failed on the way (network, 5xx): the change waits again, retried with backoff. */
export function fail(state: QueueState, now: number): QueueState {
  if (!state.inFlight) return state;
  const failures = state.failures + 1;
  return {
    ...state,
    inFlight: null,
    pending: putBack(state.pending, state.inFlight, now),
    failures,
    retryAt: now + backoffDelay(failures),
  };
}

/** The server refused the change (400 with field messages, 403, 404): kept aside, shown. */
export function refuse(state: QueueState, errors: Record<string, string[]>): QueueState {
  if (!state.inFlight) return state;
  const change = state.inFlight;
  return {
    ...state,
    inFlight: null,
    failures: 0,
    retryAt: null,
    refused: [...state.refused.filter((c) => !sameTarget(c.target, change.target)), change],
    errors: { ...state.errors, [keyOf(change.target)]: errors },
  };
}

/** 409: someone else changed the assessment first. Nothing more is sent until `rebase`. */
export function conflict(state: QueueState, message: string, now: number): QueueState {
  const pending = state.inFlight ? putBack(state.pending, state.inFlight, now) : state.pending;
  return { ...state, inFlight: null, pending, failures: 0, retryAt: null, conflict: message };
}

export interface Difference {
  target: Target;
  field: string;
  mine: unknown;
  theirs: unknown;
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The server's assessment was reloaded (their changes taken): the user's waiting edits stay on
 * top of it with the new version. Answers the fields where the user's value differs from theirs;
 * edits equal to theirs are dropped (nothing left to save). Sending waits for `resume`.
 */
export function rebase(
  state: QueueState,
  version: number,
  theirs: (target: Target, field: string) => unknown,
): { state: QueueState; differences: Difference[] } {
  const differences: Difference[] = [];
  const pending = state.pending.flatMap((change) => {
    const fields: Fields = {};
    const base: Fields = {};
    for (const [field, mine] of Object.entries(change.fields)) {
      const current = theirs(change.target, field);
      if (sameValue(mine, current)) continue;
      fields[field] = mine;
      base[field] = current;
      differences.push({ target: change.target, field, mine, theirs: current });
    }
    return Object.keys(fields).length > 0 ? [{ ...change, fields, base }] : [];
  });
  return {
    state: {
      ...state,
      version,
      pending,
      conflict: null,
      reviewing: pending.length > 0,
      failures: 0,
      retryAt: null,
    },
    differences,
  };
}

/** The user takes the other person's value of a field: their own edit of it is dropped. */
export function keepTheirs(state: QueueState, target: Target, field: string): QueueState {
  const pending = state.pending.flatMap((change) => {
    if (!sameTarget(change.target, target)) return [change];
    const { [field]: _mine, ...fields } = change.fields;
    const { [field]: _base, ...base } = change.base;
    return Object.keys(fields).length > 0 ? [{ ...change, fields, base }] : [];
  });
  return { ...state, pending, reviewing: state.reviewing && pending.length > 0 };
}

/** The user gives up their unsaved edits (the assessment can no longer take them). */
export const discard = (state: QueueState): QueueState => ({
  ...state,
  pending: [],
  refused: [],
  errors: {},
  reviewing: false,
  conflict: null,
  failures: 0,
  retryAt: null,
});

/** After the review: the user's edits are sent now. */
export const resume = (state: QueueState, now: number): QueueState =>
  flush({ ...state, reviewing: false }, now);

/** The values the user sees for a target: the server's, under refused, in-flight and waiting edits. */
export function overlay(state: QueueState, target: Target): Fields {
  const layers = [
    ...state.refused.filter((c) => sameTarget(c.target, target)),
    ...(state.inFlight && sameTarget(state.inFlight.target, target) ? [state.inFlight] : []),
    ...state.pending.filter((c) => sameTarget(c.target, target)),
  ];
  return Object.assign({}, ...layers.map((c) => c.fields)) as Fields;
}

/** Something the user typed is not on the server yet. */
export const hasUnsaved = (state: QueueState) =>
  state.pending.length > 0 || state.inFlight !== null || state.refused.length > 0;

export function statusOf(state: QueueState): SaveStatus {
  if (state.conflict || state.reviewing) return 'conflict';
  if (state.failures > 0 || state.refused.length > 0) return 'failed';
  if (state.inFlight || state.pending.length > 0) return 'saving';
  return 'saved';
}
