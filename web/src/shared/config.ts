import { DETECT_BROWSER_LANGUAGE } from '../../../domain/locale.ts';
import { apiBaseURLOf } from './api-base-url.ts';

/** Public configuration (spec section 3): the API base URL and the app's version. */
export const publicConfig = {
  apiBaseURL: apiBaseURLOf(import.meta.env),
  // defined by web/vite.config.ts; absent when unit tests import this file
  appVersion: typeof __APP_VERSION__ === 'undefined' ? 'dev' : __APP_VERSION__,
  buildId: typeof __BUILD_ID__ === 'undefined' ? 'dev' : __BUILD_ID__,
  detectBrowserLanguage: DETECT_BROWSER_LANGUAGE,
};
