/**
 * Where the web app asks the API: VITE_API_BASE_URL when the build was given one, else `/api` of
 * the server that sent the page. The app and the build's start hints (web/vite.config.ts) read it
 * from here, so the server names the very address the app will ask.
 */
export const apiBaseURLOf = (env: Record<string, unknown>): string =>
  typeof env.VITE_API_BASE_URL === 'string' ? env.VITE_API_BASE_URL : '/api';
