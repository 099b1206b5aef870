import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/** Why a delivery target was refused; recorded in the attempt log. */
export class TargetRefusedError extends Error {
  override readonly name = 'TargetRefusedError';
  constructor(
    readonly host: string,
    readonly address: string,
    readonly range: string,
  ) {
    super(`refused to connect to ${host} (${address}): ${range} address`);
  }
}

/**
 * The range name of an address, or null when it is a public unicast address that a webhook may
 * reach. Everything ipaddr.js does not classify as plain `unicast` is refused: private, loopback,
 * link-local, unique-local, multicast, unspecified, broadcast, carrier-grade NAT, documentation and
 * other reserved blocks, and IPv6 forms that embed an IPv4 address (NAT64, 6to4, Teredo). An
 * IPv4-mapped IPv6 address (`::ffff:10.0.0.1`) is judged by the IPv4 address it carries, so the
 * mapped spelling of a private address is refused like the address itself.
 */
export function refusedRange(address: string): string | null {
  if (!ipaddr.isValid(address)) return 'invalid';
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  const range = parsed.range();
  return range === 'unicast' ? null : range;
}

/** Throws TargetRefusedError when `address` must not be reached. */
export function assertAddressAllowed(host: string, address: string): void {
  const range = refusedRange(address);
  if (range !== null) throw new TargetRefusedError(host, address, range);
}

/**
 * The host of a parsed URL as a bare IP string when it is an IP literal, else null. The WHATWG URL
 * parser has already normalised shorthand IPv4 spellings (`127.1`, `0x7f.0.0.1`) to dotted quads.
 */
export function ipLiteralOf(hostname: string): string | null {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return isIP(bare) === 0 ? null : bare;
}
