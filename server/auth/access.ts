import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, unauthenticated } from '../lib/errors.ts';
import { passedSecondFactor } from './second-factor-state.ts';

/**
 * Who may call a route, declared in its `config.access`:
 * - `public`: anyone, signed in or not (sign-in, reset, invitation check, version, health);
 * - `beforeSecondFactor`: a signed-in person whose session has not yet proved (or set up) the
 *   second factor it needs (reading themselves, proving it, setting one up);
 * - `beforeConsent`: a signed-in person who has not yet accepted data processing (reading
 *   themselves, accepting, signing out, and the personal area: their sessions and password);
 * - `sessionOrToken`: anyone without a session (the route then asks for a mailed link's token);
 *   a signed-in person is checked as for an unset access;
 * - unset: a signed-in person who has accepted data processing.
 */
type RouteAccess = 'public' | 'beforeSecondFactor' | 'beforeConsent' | 'sessionOrToken';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}

/**
 * Refuses a request before its body is read or validated: 401 without a session, 403
 * `second_factor_required` before the second factor, 403 `consent_required` before the
 * data-processing consent, so a caller learns nothing of a route it may not use.
 */
export const accessControl = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    // an unknown path answers 404 to everyone
    if (access === 'public' || request.is404) return;
    const actor = request.actor;
    if (!actor && access === 'sessionOrToken') return;
    if (!actor) throw unauthenticated();
    if (access === 'beforeSecondFactor') return;
    if (!passedSecondFactor(actor.secondFactor)) throw new AppError(403, 'secondFactorRequired');
    if (access !== 'beforeConsent' && !actor.isDataProcessingAccepted)
      throw new AppError(403, 'consentRequired');
  });
});
