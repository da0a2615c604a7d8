import { describe, expect, it } from 'vitest';
import {
  localeCookie,
  inSameForm,
  localeOfPath,
  readCookie,
  regionOf,
  stripLocale,
  withLocale,
} from './locale.ts';

describe('locale of a route', () => {
  it.each([
    ['/', 'fr'],
    ['/login', 'fr'],
    ['/fr/login', 'fr'],
    ['/de', 'de'],
    ['/de/profiles/3', 'de'],
    ['/it/', 'it'],
    ['/en/login', 'fr'],
    ['/dessert', 'fr'],
  ])('%s is in %s', (path, locale) => expect(localeOfPath(path)).toBe(locale));

  it('strips and adds the prefix, French staying without one', () => {
    expect(stripLocale('/de/profiles/3')).toBe('/profiles/3');
    expect(stripLocale('/it')).toBe('/');
    expect(stripLocale('/login')).toBe('/login');
    expect(withLocale('/de/profiles/3', 'it')).toBe('/it/profiles/3');
    expect(withLocale('/de/profiles', 'fr')).toBe('/profiles');
    expect(withLocale('/', 'de')).toBe('/de');
    expect(withLocale('/fr/login', 'fr')).toBe('/login');
  });

  it('keeps the form of the current path, /fr included', () => {
    expect(inSameForm('/login?next=%2Fcohorts', '/fr/cohorts')).toBe('/fr/login?next=%2Fcohorts');
    expect(inSameForm('/', '/fr/login')).toBe('/fr');
    expect(inSameForm('/login', '/cohorts')).toBe('/login');
    expect(inSameForm('/login', '/de/cohorts')).toBe('/de/login');
  });

  it('formats in the Swiss regions', () => {
    expect(regionOf('fr')).toBe('fr-CH');
    expect(regionOf('de')).toBe('de-CH');
    expect(regionOf('it')).toBe('it-CH');
  });
});

describe('language cookie', () => {
  it('lasts 365 days on the whole site', () => {
    expect(localeCookie('de')).toBe('lang=de; Path=/; Max-Age=31536000; SameSite=Lax');
  });
  it('is read back from document.cookie', () => {
    expect(readCookie('csrftoken=abc; lang=it', 'lang')).toBe('it');
    expect(readCookie('csrftoken=abc', 'lang')).toBeNull();
  });
});
