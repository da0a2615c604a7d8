import { describe, expect, it } from 'vitest';
import { networkOf } from './network.ts';

describe('networkOf', () => {
  it('keeps the /24 of an IPv4 address, mapped into IPv6 or not', () => {
    expect(networkOf('203.0.113.77')).toBe('203.0.113.0/24');
    expect(networkOf('::ffff:198.51.100.9')).toBe('198.51.100.0/24');
    expect(networkOf('127.0.0.1')).toBe('127.0.0.0/24');
  });

  it('keeps the /48 of an IPv6 address, written short or long', () => {
    expect(networkOf('2001:db8:85a3:8d3:1319:8a2e:370:7348')).toBe('2001:db8:85a3::/48');
    expect(networkOf('2001:0db8::1')).toBe('2001:db8:0::/48');
    expect(networkOf('::1')).toBe('0:0:0::/48');
  });

  it('gives nothing for what is not an address', () => {
    expect(networkOf('unknown')).toBeNull();
    expect(networkOf('')).toBeNull();
  });
});
