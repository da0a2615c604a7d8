import { useEffect, useState } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { logger } from '../shared/logger.ts';
import { isChunkLoadError, reloadAfterChunkError } from './build-updates.ts';
import { ErrorPage } from './error-page.tsx';
import { useStartScreenGone } from './start-screen.ts';
import type { RouteError } from './navigation-rules.ts';

function toRouteError(error: unknown): RouteError {
  if (typeof error === 'object' && error && 'statusCode' in error && 'statusMessage' in error)
    return error as RouteError;
  if (isRouteErrorResponse(error))
    return { statusCode: error.status, statusMessage: String(error.statusText || error.data) };
  return { statusCode: 500, statusMessage: error instanceof Error ? error.message : String(error) };
}

const expected = (error: RouteError) => error.statusCode === 403 || error.statusCode === 404;

/** Fatal or unhandled errors: a chunk that failed reloads once; bots only get a log line. */
export function RouteErrorBoundary() {
  useStartScreenGone();
  const raw = useRouteError();
  const chunkReload = isChunkLoadError(raw) && reloadAfterChunkError();
  const error = toRouteError(raw);
  // isbot is only needed once something failed: loaded then, off the first page's budget
  const [bot, setBot] = useState<boolean | null>(null);
  useEffect(() => {
    void import('isbot').then(({ isbot }) => setBot(isbot(navigator.userAgent)));
  }, []);
  useEffect(() => {
    if (chunkReload || bot === null) return;
    if (bot || !expected(error)) logger.error(raw);
  }, [raw, error, bot, chunkReload]);
  if (chunkReload || bot !== false) return null;
  return <ErrorPage error={error} />;
}
