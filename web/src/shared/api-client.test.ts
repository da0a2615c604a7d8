import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from './api-client.ts';

/** A browser tab at `pathname` whose API refuses with `code`; `then` runs while it answers. */
function tab(pathname: string, code: string, then: (location: { pathname: string }) => void) {
  const location = { pathname, assign: vi.fn() };
  vi.stubGlobal('location', location);
  vi.stubGlobal('window', { location });
  vi.stubGlobal('document', { cookie: 'csrftoken=t' });
  vi.stubGlobal('fetch', async () => {
    then(location);
    return Response.json({ code, detail: 'refused' }, { status: 403 });
  });
  return location;
}

afterEach(() => vi.unstubAllGlobals());

describe('a refusal for want of consent', () => {
  it('leads the page that asked to the consent page, in its language', async () => {
    const location = tab('/de/profiles/3', 'consent_required', () => {});
    await expect(api.get('/profiles/3/')).rejects.toThrow();
    expect(location.assign).toHaveBeenCalledWith('/de/accept-data-processing');
  });

  it('leaves a visitor who has moved on meanwhile where they are', async () => {
    const location = tab('/accept-data-processing', 'consent_required', (here) => {
      here.pathname = '/account';
    });
    await expect(api.get('/profiles/64/')).rejects.toThrow();
    expect(location.assign).not.toHaveBeenCalled();
  });
});

describe('a refusal for want of the second factor', () => {
  it('leads the page that asked to the second-factor page', async () => {
    const location = tab('/modules', 'second_factor_required', () => {});
    await expect(api.get('/modules/')).rejects.toThrow();
    expect(location.assign).toHaveBeenCalledWith('/second-factor');
  });
});
