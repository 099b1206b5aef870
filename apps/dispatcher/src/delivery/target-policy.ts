import { isIP } from 'node:net';
import { refusedTargetAddress, type TargetAllowance } from '@outreach/domain';

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
 * The range name of an address, or null when a webhook may reach it: the shared target policy of
 * `@outreach/domain` (`refusedTargetAddress`), the one the API applies when a URL is subscribed.
 */
export function refusedRange(address: string, allowance: TargetAllowance = 'public'): string | null {
  return refusedTargetAddress(address, allowance);
}

/** Throws TargetRefusedError when `address` must not be reached. */
export function assertAddressAllowed(host: string, address: string, allowance: TargetAllowance): void {
  const range = refusedRange(address, allowance);
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
