import { describe, expect, it } from 'vitest';
import type { Actor } from '../policies/actor.ts';
import { startHints, startProfileOf, type Visit } from './start-hints.ts';

const page = (
  id: string,
  path: string,
  over: { public?: boolean; signedInRedirect?: boolean; firstCall?: string } = {},
) => ({
  id,
  path,
  public: over.public ?? false,
  signedInRedirect: over.signedInRedirect ?? false,
  files: [`/assets/${id}.js`, '/assets/layout.js'],
  firstCall: over.firstCall,
});

const BUILD = {
  api: '/api',
  pages: [
    page('home', ''),
    page('login', 'login', { public: true, signedInRedirect: true }),
    page('forgot-password', 'forgot-password', { public: true }),
    page('profiles', 'profiles'),
    page('profile-new', 'profiles/new'),
    page('profile-detail', 'profiles/:id'),
    page('grade-summary', 'profiles/:id/grade-summary', {
      firstCall: '/profiles/:id/grade-summary/?with=blocks&sorted=1',
    }),
  ],
};

const hintsOf = (pathname: string, over: Partial<Visit> = {}) => {
  const tags = startHints(BUILD, { pathname, cookies: {}, acceptLanguage: undefined, ...over });
  return {
    messages: /href="\/locales\/(\w+)\/messages.json"/.exec(tags)?.[1],
    api: [
      ...tags.matchAll(/<link rel="preload" as="fetch" crossorigin="([\w-]+)" href="([^"]+)">/g),
    ].map((match) => `${match[1]} ${match[2]}`),
    code: [...tags.matchAll(/rel="modulepreload" crossorigin href="\/assets\/([\w-]+)\.js"/g)]
      .map((match) => match[1])
      .filter((file) => file !== 'layout'),
  };
};
const signedIn = { cookies: { signed_in: '1' } };

describe('start hints of a visit', () => {
  it('names the code of the page a signed-in visitor opens, literal paths before parameters', () => {
    expect(hintsOf('/profiles/new', signedIn).code).toEqual(['profile-new']);
    expect(hintsOf('/profiles/12', signedIn).code).toEqual(['profile-detail']);
    expect(hintsOf('/de/profiles/12/grade-summary', signedIn).code).toEqual(['grade-summary']);
    expect(hintsOf('/', signedIn).code).toEqual(['home']);
    expect(hintsOf('/it', signedIn).code).toEqual(['home']);
  });

  it('names the sign-in page for a signed-out visitor of a page behind sign-in', () => {
    expect(hintsOf('/profiles/12').code).toEqual(['login']);
    expect(hintsOf('/').code).toEqual(['login']);
    expect(hintsOf('/forgot-password').code).toEqual(['forgot-password']);
  });

  it('names no code where the visitor is sent elsewhere or no page is', () => {
    expect(hintsOf('/login', signedIn).code).toEqual([]);
    expect(hintsOf('/profiles/12/nothing', signedIn).code).toEqual([]);
    expect(hintsOf('/nothing').code).toEqual([]);
  });

  it('names the messages of the language the app will speak: prefix, cookie, browser, French', () => {
    const browserGerman = { acceptLanguage: 'de-CH,de;q=0.9,fr;q=0.8' };
    expect(hintsOf('/it/login', { ...browserGerman, cookies: { lang: 'fr' } }).messages).toBe('it');
    expect(hintsOf('/login', { ...browserGerman, cookies: { lang: 'it' } }).messages).toBe('it');
    expect(hintsOf('/login', browserGerman).messages).toBe('de');
    expect(hintsOf('/login', { acceptLanguage: 'en-GB,en' }).messages).toBe('fr');
    expect(hintsOf('/login', { cookies: { lang: 'xx' } }).messages).toBe('fr');
  });

  it('names who is signed in, asked with credentials as the app asks, to signed-in visitors only', () => {
    const me = ['use-credentials /api/users/me/'];
    expect(hintsOf('/profiles/12', signedIn).api).toEqual(me);
    // the start sequence asks it wherever the app opens, also where it sends the visitor on
    expect(hintsOf('/login', signedIn).api).toEqual(me);
    expect(hintsOf('/de/nothing', signedIn).api).toEqual(me);
    expect(hintsOf('/profiles/12').api).toEqual([]);
    expect(hintsOf('/login').api).toEqual([]);
  });

  it("names a signed-in visitor's first call of the page, its id from the path", () => {
    const me = 'use-credentials /api/users/me/';
    const call = 'use-credentials /api/profiles/12/grade-summary/?with=blocks&amp;sorted=1';
    expect(hintsOf('/de/profiles/12/grade-summary', signedIn).api).toEqual([me, call]);
    // the sign-in page is shown instead, and the app asks nothing of the page
    expect(hintsOf('/profiles/12/grade-summary').api).toEqual([]);
    // an id that is no id is a page not found: nothing to ask
    expect(hintsOf('/profiles/12x/grade-summary', signedIn).api).toEqual([me]);
    expect(hintsOf('/profiles/0/grade-summary', signedIn).api).toEqual([me]);
    expect(hintsOf('/profiles/12', signedIn).api).toEqual([me]);
  });

  it("names a signed-in visitor's profile when the server read it from their session", () => {
    const withProfile = { ...signedIn, profile: 7 };
    expect(hintsOf('/profiles/12', withProfile).api).toEqual([
      'use-credentials /api/users/me/',
      'use-credentials /api/profiles/7/',
    ]);
    expect(hintsOf('/profiles/12', signedIn).api).toEqual(['use-credentials /api/users/me/']);
  });

  it('takes the profile of a session past its consent and second factor, as the app reads it', () => {
    const actor = (over: Partial<Actor>) =>
      ({
        profileId: 7,
        isDataProcessingAccepted: true,
        secondFactor: 'NONE',
        ...over,
      }) as Actor;
    expect(startProfileOf(actor({}))).toBe(7);
    expect(startProfileOf(actor({ secondFactor: 'VERIFIED' }))).toBe(7);
    expect(startProfileOf(actor({ isDataProcessingAccepted: false }))).toBeUndefined();
    expect(startProfileOf(actor({ secondFactor: 'PENDING' }))).toBeUndefined();
    expect(startProfileOf(actor({ secondFactor: 'SETUP_REQUIRED' }))).toBeUndefined();
    expect(startProfileOf(actor({ profileId: null }))).toBeUndefined();
    expect(startProfileOf(null)).toBeUndefined();
  });

  it('names the API where the build says the app asks it', () => {
    const elsewhere = { ...BUILD, api: 'https://api.example.ch/v1' };
    const tags = startHints(elsewhere, { pathname: '/', acceptLanguage: undefined, ...signedIn });
    expect(tags).toContain('href="https://api.example.ch/v1/users/me/"');
  });

  it('names nothing but the messages when the build described nothing', () => {
    const tags = startHints(null, { pathname: '/profiles/1', acceptLanguage: 'it', ...signedIn });
    expect(tags).toBe(
      '<link rel="preload" as="fetch" crossorigin href="/locales/it/messages.json">',
    );
  });
});
