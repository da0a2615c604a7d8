import { createHmac, randomBytes } from 'node:crypto';

/** Time-based one-time passwords (RFC 6238) as authenticator apps compute them: SHA-1, 30 s, 6 digits. */
export const TOTP_STEP_SECONDS = 30;
const DIGITS = 6;
/** a code of the step before or after is accepted too: a phone's clock is seldom exact */
const DRIFT_STEPS = 1;
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Buffer): string {
  let bits = '';
  for (const byte of bytes) bits += byte.toString(2).padStart(8, '0');
  let out = '';
  for (let i = 0; i < bits.length; i += 5)
    out += BASE32[parseInt(bits.slice(i, i + 5).padEnd(5, '0'), 2)];
  return out;
}

export function base32Decode(text: string): Buffer {
  const bits = [...text.replace(/[\s=]/g, '').toUpperCase()]
    .map((char) => {
      const value = BASE32.indexOf(char);
      if (value < 0) throw new Error('not base32');
      return value.toString(2).padStart(5, '0');
    })
    .join('');
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/** A new shared secret of 160 bits, base32 as apps read it. */
export const newTotpSecret = () => base32Encode(randomBytes(20));

export const totpStepAt = (now: Date) => Math.floor(now.getTime() / 1000 / TOTP_STEP_SECONDS);

/** The code of one time step (RFC 4226's dynamic truncation). */
export function totpCode(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const hmac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = hmac[hmac.length - 1]! & 0x0f;
  const value = hmac.readUInt32BE(offset) & 0x7fffffff;
  return String(value % 10 ** DIGITS).padStart(DIGITS, '0');
}

/**
 * The time step a code belongs to, when it is the code of now (give or take one step) and of a
 * step after the last one used: a code works once. Undefined otherwise.
 */
export function matchingTotpStep(
  secret: string,
  code: string,
  lastStep: number | null,
  now: Date,
): number | undefined {
  const current = totpStepAt(now);
  for (let step = current - DRIFT_STEPS; step <= current + DRIFT_STEPS; step++) {
    if (lastStep !== null && step <= lastStep) continue;
    if (totpCode(secret, step) === code) return step;
  }
  return undefined;
}

/** What an authenticator app scans: `otpauth://totp/Issuer:account?secret=…&issuer=…`. */
export function totpUri(secret: string, issuer: string, account: string): string {
  const label = encodeURIComponent(`${issuer}:${account}`);
  const query = new URLSearchParams({
    secret,
    issuer,
    algorithm: 'SHA1',
    digits: String(DIGITS),
    period: String(TOTP_STEP_SECONDS),
  });
  return `otpauth://totp/${label}?${query}`;
}
