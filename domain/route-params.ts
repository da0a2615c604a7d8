const positiveId = /^[1-9][0-9]{0,9}$/;

/**
 * Ids in the web app's paths must be positive integers; anything else is an invalid route (404).
 * The router and the server's start hints (server/lib/start-hints.ts) judge a path alike.
 */
export const validParams = (params: Record<string, string | undefined>): boolean =>
  Object.entries(params).every(([name, value]) => name !== 'id' || positiveId.test(value ?? ''));
