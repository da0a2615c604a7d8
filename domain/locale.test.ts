import { describe, expect, it } from 'vitest';
import { detectLocale } from './locale.ts';

describe('language of a first visit', () => {
  const visit = (over: Partial<Parameters<typeof detectLocale>[0]>) =>
    detectLocale({ pathname: '/', cookie: null, browserLanguages: [], detection: true, ...over });

  it('takes the prefix before anything else', () => {
    expect(visit({ pathname: '/it/login', cookie: 'de', browserLanguages: ['de-CH'] })).toBe('it');
  });
  it('takes the cookie, then the browser languages, then French', () => {
    expect(visit({ cookie: 'de', browserLanguages: ['it-CH'] })).toBe('de');
    expect(visit({ cookie: 'xx', browserLanguages: ['en-US', 'it-CH', 'de'] })).toBe('it');
    expect(visit({ browserLanguages: ['en-GB', 'es'] })).toBe('fr');
  });
  it('stays French without detection', () => {
    expect(visit({ cookie: 'de', browserLanguages: ['de'], detection: false })).toBe('fr');
  });
});
