import { isIPv4, isIPv6 } from 'node:net';

/**
 * The network of a client address, as much as a person needs to recognise where a session was
 * opened without the platform keeping the address: 203.0.113.0/24, 2001:db8:85a3::/48. An IPv4
 * address mapped into IPv6 is written as IPv4; anything else is null.
 */
export function networkOf(address: string): string | null {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const v4 = mapped ? mapped[1]! : address;
  if (isIPv4(v4)) return `${v4.split('.').slice(0, 3).join('.')}.0/24`;
  if (!isIPv6(address)) return null;
  const [head = '', tail = ''] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  const prefix = groups
    .slice(0, 3)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':');
  return `${prefix}::/48`;
}
