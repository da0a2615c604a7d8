import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { notifyManager, useQueryClient } from '@tanstack/react-query';
import { useBlocker } from 'react-router';
import { api, ApiError } from '../../shared/api-client.ts';
import { assessmentQuery, sendChange, type AssessmentJson } from './api.ts';
import { applySaved, serverValue } from './assessment-tree.ts';
import {
  conflict,
  createQueue,
  discard,
  edit,
  fail,
  flush,
  hasUnsaved,
  keepTheirs,
  nextWakeAt,
  rebase,
  refuse,
  resume,
  succeed,
  take,
  type Difference,
  type Fields,
  type QueueState,
  type Target,
} from './save-queue.ts';

const REFUSED = new Set([400, 403, 404, 409]);

/**
 * Writes the server's copy, then changes the queue, so that the page renders both at once. The
 * query cache tells the page of a new copy a tick later; a queue emptied before that showed the
 * old value for a moment, and a second tick of a checkbox made in that moment started from it
 * and lost the first.
 */
function withCopy(writeCopy: () => void, changeQueue: () => void) {
  notifyManager.batch(() => {
    writeCopy();
    notifyManager.schedule(changeQueue);
  });
}

/**
 * Saves every edit of the assessment page on its own (save-queue.ts decides what and when):
 * the answer updates the cached assessment, a 409 stops for the user to take the other changes,
 * failures retry with backoff, and leaving with unsaved work asks first.
 */
export function useAutosave(detail: AssessmentJson) {
  const client = useQueryClient();
  const { queryKey } = useMemo(() => assessmentQuery(detail.id), [detail.id]);
  const [queue, setQueue] = useState<QueueState>(() => createQueue(detail.version));
  const [differences, setDifferences] = useState<Difference[]>([]);
  const ref = useRef(queue);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pumpRef = useRef<() => void>(() => {});

  const update = useCallback((next: (state: QueueState) => QueueState) => {
    ref.current = next(ref.current);
    setQueue(ref.current);
    pumpRef.current();
  }, []);

  const send = useCallback(
    (assessmentId: number) => {
      const taken = take(ref.current, Date.now());
      if (!taken) return false;
      ref.current = taken.state;
      setQueue(taken.state);
      sendChange(assessmentId, taken.change, taken.body).then(
        (answer) =>
          withCopy(
            () =>
              client.setQueryData<AssessmentJson>(
                queryKey,
                (old) => old && applySaved(old, taken.change, answer),
              ),
            () => update((state) => succeed(state, answer.version)),
          ),
        (error: unknown) => {
          // only a stale version is someone else's change; a locked module or a closed
          // assessment (409 too) is a refusal with its reason
          if (error instanceof ApiError && error.code === 'stale_version') {
            update((state) => conflict(state, error.message, Date.now()));
          } else if (error instanceof ApiError && REFUSED.has(error.status)) {
            const fields = error.fieldErrors;
            const errors =
              Object.keys(fields).length > 0 ? fields : { non_field_errors: [error.message] };
            update((state) => refuse(state, errors));
          } else {
            update((state) => fail(state, Date.now()));
          }
        },
      );
      return true;
    },
    [client, queryKey, update],
  );

  useEffect(() => {
    pumpRef.current = () => {
      clearTimeout(timer.current);
      if (send(detail.id)) return;
      const wake = nextWakeAt(ref.current);
      if (wake !== null)
        timer.current = setTimeout(() => pumpRef.current(), Math.max(0, wake - Date.now()));
    };
  }, [detail.id, send]);
  useEffect(() => () => clearTimeout(timer.current), []);

  /** The user changed fields of a target; `base` is read from the server's copy. */
  const change = useCallback(
    (target: Target, fields: Fields) => {
      const current = client.getQueryData<AssessmentJson>(queryKey);
      const base = Object.fromEntries(
        Object.keys(fields).map((f) => [f, current && serverValue(current, target, f)]),
      );
      update((state) => edit(state, target, fields, base, Date.now()));
    },
    [client, queryKey, update],
  );

  const retryNow = useCallback(() => update((state) => flush(state, Date.now())), [update]);

  /** Reloads the server's assessment and puts the user's unsaved edits back on top of it. */
  const takeTheirs = useCallback(async () => {
    const fresh = await api.get<AssessmentJson>(`/assessments/${detail.id}/`);
    withCopy(
      () => client.setQueryData(queryKey, fresh),
      () => {
        // on the queue as it is then: an edit made meanwhile is rebased too
        const rebased = rebase(ref.current, fresh.version, (target, field) =>
          serverValue(fresh, target, field),
        );
        setDifferences(rebased.differences);
        update(() => rebased.state);
      },
    );
  }, [client, detail.id, queryKey, update]);

  const takeTheirValue = useCallback(
    (difference: Difference) => {
      setDifferences((list) => list.filter((d) => d !== difference));
      update((state) => keepTheirs(state, difference.target, difference.field));
    },
    [update],
  );

  const saveMine = useCallback(() => {
    setDifferences([]);
    update((state) => resume(state, Date.now()));
  }, [update]);

  const discardMine = useCallback(() => {
    setDifferences([]);
    update(discard);
  }, [update]);

  /** The version changed outside the queue (a transition answered): later writes carry it. */
  const setVersion = useCallback(
    (version: number) => update((state) => ({ ...state, version })),
    [update],
  );

  const unsaved = hasUnsaved(queue);
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => {
      pumpRef.current();
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      unsaved && currentLocation.pathname !== nextLocation.pathname,
  );

  return {
    queue,
    differences,
    change,
    retryNow,
    takeTheirs,
    takeTheirValue,
    saveMine,
    discardMine,
    setVersion,
    blocker,
  };
}
