import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error.ts';
import { refusalMessage } from './server-errors.ts';

describe('refusalMessage', () => {
  const fallback = 'Une erreur inattendue est survenue.';

  it("answers the server's reason of a refusal", () => {
    const inUse = new ApiError(409, { detail: 'Ce modèle est utilisé par 1 module.' });
    expect(refusalMessage(inUse, fallback)).toBe('Ce modèle est utilisé par 1 module.');
    const denied = new ApiError(403, { detail: "Vous n'avez pas le droit." });
    expect(refusalMessage(denied, fallback)).toBe("Vous n'avez pas le droit.");
  });

  it('joins the field messages of a 400', () => {
    const invalid = new ApiError(400, { unit: ['Unité interdite'], non_field_errors: ['Non.'] });
    expect(refusalMessage(invalid, fallback)).toBe('Unité interdite Non.');
  });

  it('falls back when the server failed or was not reached', () => {
    expect(refusalMessage(new ApiError(500, 'boom'), fallback)).toBe(fallback);
    expect(refusalMessage(new TypeError('Failed to fetch'), fallback)).toBe(fallback);
  });
});
