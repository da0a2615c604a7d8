import { describe, expect, it } from 'vitest';
import {
  base32Decode,
  base32Encode,
  matchingTotpStep,
  totpCode,
  totpStepAt,
  totpUri,
} from './totp.ts';

// RFC 6238 appendix B: the SHA-1 secret is the ASCII "12345678901234567890"
const RFC_SECRET = base32Encode(Buffer.from('12345678901234567890'));

describe('TOTP', () => {
  it('computes the RFC 6238 test vectors (their last six digits)', () => {
    const vectors: [number, string][] = [
      [59, '94287082'],
      [1111111109, '07081804'],
      [1111111111, '14050471'],
      [1234567890, '89005924'],
      [2000000000, '69279037'],
    ];
    for (const [seconds, code] of vectors)
      expect(totpCode(RFC_SECRET, totpStepAt(new Date(seconds * 1000)))).toBe(code.slice(-6));
  });

  it('reads back what it encodes in base32, spaces and lower case included', () => {
    const bytes = Buffer.from('any secret bytes!');
    expect(
      base32Decode(
        base32Encode(bytes)
          .toLowerCase()
          .replace(/(.{4})/g, '$1 '),
      ),
    ).toEqual(bytes);
  });

  it('accepts the code of now and of the step on either side, never the same step twice', () => {
    const now = new Date(1_700_000_000_000);
    const step = totpStepAt(now);
    expect(matchingTotpStep(RFC_SECRET, totpCode(RFC_SECRET, step), null, now)).toBe(step);
    expect(matchingTotpStep(RFC_SECRET, totpCode(RFC_SECRET, step - 1), null, now)).toBe(step - 1);
    expect(matchingTotpStep(RFC_SECRET, totpCode(RFC_SECRET, step + 1), null, now)).toBe(step + 1);
    expect(matchingTotpStep(RFC_SECRET, totpCode(RFC_SECRET, step - 2), null, now)).toBeUndefined();
    expect(matchingTotpStep(RFC_SECRET, totpCode(RFC_SECRET, step), step, now)).toBeUndefined();
    expect(matchingTotpStep(RFC_SECRET, totpCode(RFC_SECRET, step + 1), step, now)).toBe(step + 1);
  });

  it('gives apps the issuer, the account and the secret', () => {
    const uri = new URL(totpUri('ABCD', 'Evaluanda', 'léa@example.ch'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/Evaluanda:léa@example.ch');
    expect(uri.searchParams.get('secret')).toBe('ABCD');
    expect(uri.searchParams.get('issuer')).toBe('Evaluanda');
  });
});
