import { describe, expect, it } from 'vitest';
import { localeFromAcceptLanguage } from './locale.ts';

describe('localeFromAcceptLanguage', () => {
  it('answers the supported language of highest quality, in the order given between equals', () => {
    expect(localeFromAcceptLanguage('de-CH,de;q=0.9,fr;q=0.8')).toBe('de');
    expect(localeFromAcceptLanguage('en-GB,en;q=0.9,it;q=0.5,fr;q=0.4')).toBe('it');
    expect(localeFromAcceptLanguage('fr;q=0.2, it-CH;q=0.7')).toBe('it');
    expect(localeFromAcceptLanguage('de, it')).toBe('de');
  });

  it('answers French without a header, without a supported language, or with quality 0', () => {
    expect(localeFromAcceptLanguage(undefined)).toBe('fr');
    expect(localeFromAcceptLanguage('')).toBe('fr');
    expect(localeFromAcceptLanguage('en-US,es;q=0.5')).toBe('fr');
    expect(localeFromAcceptLanguage('de;q=0')).toBe('fr');
  });

  it('gives the same answer for a header seen before, among many others', () => {
    expect(localeFromAcceptLanguage('it-CH,it;q=0.9')).toBe('it');
    for (let i = 0; i < 500; i += 1) localeFromAcceptLanguage(`x-${i},de;q=0.${(i % 9) + 1}`);
    expect(localeFromAcceptLanguage('it-CH,it;q=0.9')).toBe('it');
    expect(localeFromAcceptLanguage('x-3,de;q=0.4')).toBe('de');
  });
});
