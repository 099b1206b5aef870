import { BlockList, isIP } from 'node:net';
import { DomainError } from '@outreach/domain';

/**
 * Addresses a webhook must not point at unless the deployment allows it: loopback, private,
 * link-local, carrier-grade NAT and unspecified ranges (a subscription would otherwise let a
 * workspace make the dispatcher call into the service's own network).
 */
const PRIVATE_RANGES = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const) {
  PRIVATE_RANGES.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const) {
  PRIVATE_RANGES.addSubnet(network, prefix, 'ipv6');
}

const LOCAL_NAMES = /(^|\.)(localhost|local|internal)$/i;

/** True when the URL's host is a private or loopback address, or a name that only means one. */
export function isPrivateTarget(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return false;
  }
  const bare = host.startsWith('[') ? host.slice(1, -1) : host;
  if (LOCAL_NAMES.test(bare.replace(/\.$/, ''))) return true;
  const family = isIP(bare);
  if (family === 4) return PRIVATE_RANGES.check(bare, 'ipv4');
  if (family === 6) {
    // An IPv4 address written as IPv6 (::ffff:10.0.0.1) is judged as the IPv4 address.
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
    if (mapped?.[1]) return PRIVATE_RANGES.check(mapped[1], 'ipv4');
    return PRIVATE_RANGES.check(bare, 'ipv6');
  }
  return false;
}

/** Refuses (400) a webhook URL on a private or loopback address unless they are allowed. */
export function assertWebhookTarget(url: string, allowPrivate: boolean): void {
  if (!allowPrivate && isPrivateTarget(url)) {
    throw new DomainError('invalid_input', `url: ${url} points at a private or loopback address`, {
      field: 'url',
    });
  }
}
