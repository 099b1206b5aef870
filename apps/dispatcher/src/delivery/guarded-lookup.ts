import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from 'node:dns';
import type { LookupFunction } from 'node:net';
import type { TargetAllowance } from '@outreach/domain';
import { assertAddressAllowed } from './target-policy.js';

/** Resolves a host name to every address it has (the shape of `dns.lookup` with `all: true`). */
export type Resolver = (hostname: string, options: LookupAllOptions) => Promise<LookupAddress[]>;

export const systemResolver: Resolver = (hostname, options) =>
  new Promise((resolve, reject) => {
    dnsLookup(hostname, options, (err, addresses) => (err ? reject(err) : resolve(addresses)));
  });

/**
 * A `lookup` for http(s) requests that refuses private targets at connect time. Node's socket
 * connects to exactly the address this function returns, so checking here (and not in a separate
 * resolution before the request) leaves no window for DNS rebinding: the name cannot resolve to a
 * public address for the check and to a private one for the connection. If any address of the name
 * is refused, the whole name is: a name mixing public and private addresses is not a webhook target.
 */
export function createGuardedLookup(
  allowance: TargetAllowance,
  resolver: Resolver = systemResolver,
): LookupFunction {
  return (hostname, options, callback) => {
    const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : (options.family ?? 0);
    resolver(hostname, { family, hints: options.hints ?? 0, all: true })
      .then((addresses) => {
        for (const { address } of addresses) assertAddressAllowed(hostname, address, allowance);
        const first = addresses[0];
        if (first === undefined)
          throw Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' });
        // Node asks for every address when it races IPv4 and IPv6 (autoSelectFamily), else one.
        if (options.all === true) callback(null, addresses);
        else callback(null, first.address, first.family);
      })
      .catch((err: unknown) => callback(err as NodeJS.ErrnoException, ''));
  };
}
