import { useEffect, useRef, useState } from 'react';

export type LinkCheck<T> =
  { state: 'checking' } | { state: 'valid'; answer?: T } | { state: 'invalid' };

/**
 * A link of a mail (invitation, reset, new address) asked about once when its page opens, so a
 * used or expired one says so at once. Without a call the link is malformed: invalid. An error
 * makes it invalid unless `isInvalid` says the link may still be tried (a network failure).
 */
export function useLinkCheck<T>(
  ask: (() => Promise<T>) | null,
  isInvalid: (error: unknown) => boolean = () => true,
): LinkCheck<T> {
  const [check, setCheck] = useState<LinkCheck<T>>(
    ask ? { state: 'checking' } : { state: 'invalid' },
  );
  const asked = useRef(false);
  useEffect(() => {
    // once, whatever React's development double effects do
    if (!ask || asked.current) return;
    asked.current = true;
    ask().then(
      (answer) => setCheck({ state: 'valid', answer }),
      (error: unknown) => setCheck(isInvalid(error) ? { state: 'invalid' } : { state: 'valid' }),
    );
  }, [ask, isInvalid]);
  return check;
}
