import { describe, expect, it } from 'vitest';
import {
  backoffDelay,
  conflict,
  createQueue,
  DEBOUNCE_MS,
  discard,
  edit,
  fail,
  flush,
  hasUnsaved,
  keepTheirs,
  MAX_WAIT_MS,
  nextWakeAt,
  overlay,
  rebase,
  refuse,
  resume,
  statusOf,
  succeed,
  take,
  type QueueState,
  type Target,
} from './save-queue.ts';

const grade: Target = { kind: 'criterion', id: 11 };
const text: Target = { kind: 'criterion', id: 12 };
const comment: Target = { kind: 'block', id: 5 };

/** Takes the change due at `now`, failing the test when there is none. */
function send(state: QueueState, now: number) {
  const taken = take(state, now);
  if (!taken) throw new Error('nothing to send');
  return taken;
}

describe('save queue', () => {
  it('waits for the debounce, then sends one change with the version', () => {
    const q = edit(createQueue(3), grade, { grade: '4.5' }, { grade: null }, 1000);
    expect(statusOf(q)).toBe('saving');
    expect(take(q, 1000 + DEBOUNCE_MS - 1)).toBeNull();
    expect(nextWakeAt(q)).toBe(1000 + DEBOUNCE_MS);
    const { body, change } = send(q, 1000 + DEBOUNCE_MS);
    expect(body).toEqual({ grade: '4.5', version: 3 });
    expect(change.target).toEqual(grade);
  });

  it('merges the edits of one target while they wait; each edit restarts the debounce', () => {
    let q = edit(createQueue(1), text, { text: 'a' }, { text: '' }, 0);
    q = edit(q, text, { text: 'ab' }, { text: 'a?' }, 400);
    q = edit(q, text, { evaluation: 'GOOD' }, { evaluation: null }, 500);
    expect(q.pending).toHaveLength(1);
    expect(take(q, 600)).toBeNull();
    const { body, change } = send(q, 500 + DEBOUNCE_MS);
    expect(body).toEqual({ text: 'ab', evaluation: 'GOOD', version: 1 });
    // the first base of a field is kept: it is what the server had before the user began
    expect(change.base).toEqual({ text: '', evaluation: null });
  });

  it('sends a long stream of edits at least every few seconds', () => {
    let q = createQueue(1);
    for (let now = 0; now < MAX_WAIT_MS; now += 200)
      q = edit(q, text, { text: `t${now}` }, {}, now);
    expect(nextWakeAt(q)).toBe(MAX_WAIT_MS);
    expect(send(q, MAX_WAIT_MS).body).toEqual({ text: 't4800', version: 1 });
  });

  it('keeps one request in flight; the next waits for the answer and carries the new version', () => {
    let q = edit(createQueue(1), grade, { grade: '4' }, {}, 0);
    q = edit(q, comment, { comment: 'Bien' }, {}, 0);
    q = flush(q, 10);
    const first = send(q, 10);
    expect(take(first.state, 20)).toBeNull();
    expect(statusOf(first.state)).toBe('saving');
    q = succeed(first.state, 2);
    const second = send(q, 30);
    expect(second.body).toEqual({ comment: 'Bien', version: 2 });
    q = succeed(second.state, 3);
    expect(statusOf(q)).toBe('saved');
    expect(hasUnsaved(q)).toBe(false);
  });

  it('shows the user values over the server while they are pending, in flight or refused', () => {
    let q = edit(createQueue(1), grade, { grade: '4' }, {}, 0);
    q = send(q, DEBOUNCE_MS).state;
    q = edit(q, grade, { trend: 'UP' }, {}, 700);
    expect(overlay(q, grade)).toEqual({ grade: '4', trend: 'UP' });
    expect(overlay(q, text)).toEqual({});
  });

  it('a network failure keeps the change, newer edits on top, and retries with backoff', () => {
    let q = edit(createQueue(1), text, { text: 'first' }, { text: '' }, 0);
    q = send(q, DEBOUNCE_MS).state;
    q = edit(q, text, { text: 'second' }, { text: '' }, 700);
    q = fail(q, 1000);
    expect(statusOf(q)).toBe('failed');
    expect(q.pending).toHaveLength(1);
    expect(q.pending[0]!.fields).toEqual({ text: 'second' });
    expect(take(q, 1999)).toBeNull();
    expect(nextWakeAt(q)).toBe(2000);
    q = send(q, 2000).state;
    q = fail(q, 2100);
    expect(q.retryAt).toBe(2100 + 2000);
    // "Retry now"
    const now = flush(q, 2200);
    expect(send(now, 2200).body).toEqual({ text: 'second', version: 1 });
    expect(hasUnsaved(q)).toBe(true);
  });

  it('backs off 1, 2, 4 … seconds, at most 30', () => {
    expect([1, 2, 3, 4, 10].map(backoffDelay)).toEqual([1000, 2000, 4000, 8000, 30_000]);
  });

  it('a refused change is shown with its messages, not resent until edited again', () => {
    let q = edit(createQueue(1), text, { text: 'x'.repeat(5) }, { text: '' }, 0);
    q = send(q, DEBOUNCE_MS).state;
    q = refuse(q, { text: ['Trop long'] });
    expect(statusOf(q)).toBe('failed');
    expect(q.errors['criterion:12']).toEqual({ text: ['Trop long'] });
    expect(overlay(q, text)).toEqual({ text: 'xxxxx' });
    expect(take(q, 10_000)).toBeNull();
    q = edit(q, text, { text: 'xx' }, { text: '' }, 10_000);
    expect(q.errors).toEqual({});
    expect(send(q, 20_000).body).toEqual({ text: 'xx', version: 1 });
  });

  it('a conflict stops sending; rebase keeps the edits that differ from theirs', () => {
    let q = edit(createQueue(4), grade, { grade: '5' }, { grade: null }, 0);
    q = edit(q, text, { text: 'mine', evaluation: 'GOOD' }, { text: '', evaluation: null }, 0);
    q = send(q, DEBOUNCE_MS).state;
    q = conflict(q, 'Changed by someone else', 700);
    expect(statusOf(q)).toBe('conflict');
    expect(q.pending).toHaveLength(2);
    expect(take(q, 5000)).toBeNull();

    const server: Record<string, unknown> = {
      'criterion:11:grade': '3',
      'criterion:12:text': 'theirs',
      'criterion:12:evaluation': 'GOOD',
    };
    const rebased = rebase(q, 6, (t, f) => server[`${t.kind}:${t.id}:${f}`]);
    expect(rebased.differences).toEqual([
      { target: grade, field: 'grade', mine: '5', theirs: '3' },
      { target: text, field: 'text', mine: 'mine', theirs: 'theirs' },
    ]);
    q = rebased.state;
    expect(q.version).toBe(6);
    expect(statusOf(q)).toBe('conflict');
    expect(take(q, 7000)).toBeNull();

    q = keepTheirs(q, text, 'text');
    q = resume(q, 8000);
    expect(statusOf(q)).toBe('saving');
    const { body, state } = send(q, 8000);
    expect(body).toEqual({ grade: '5', version: 6 });
    expect(state.pending).toEqual([]);
  });

  it('the user may give up what can no longer be saved', () => {
    let q = edit(createQueue(1), grade, { grade: '5' }, { grade: null }, 0);
    q = conflict(q, 'Validated meanwhile', 10);
    q = rebase(q, 2, () => null).state;
    q = discard(q);
    expect(statusOf(q)).toBe('saved');
    expect(hasUnsaved(q)).toBe(false);
  });

  it('a rebase that leaves nothing to save goes straight back to saved', () => {
    let q = edit(createQueue(1), grade, { grade: '5' }, { grade: null }, 0);
    q = conflict(q, 'x', 10);
    q = rebase(q, 2, () => '5').state;
    expect(statusOf(q)).toBe('saved');
    expect(q.version).toBe(2);
  });
});
