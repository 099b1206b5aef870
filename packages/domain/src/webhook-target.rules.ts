/**
 * The one policy for where a webhook may point, shared by the API (checked when a URL is
 * subscribed) and the dispatcher (checked on the addresses a socket is about to connect to).
 *
 * Only public unicast addresses pass. An IPv6 address that carries an IPv4 address is judged by
 * that IPv4 address, whatever the spelling: IPv4-mapped (`::ffff:127.0.0.1`), IPv4-translated
 * (`::ffff:0:127.0.0.1`), IPv4-compatible (`::127.0.0.1`), NAT64 (`64:ff9b::7f00:1`), 6to4
 * (`2002:7f00:1::1`) and Teredo (server and client). Of these, only the mapped and the NAT64 forms
 * really reach the IPv4 address they carry; the others are tunnels or deprecated spellings that no
 * webhook needs, so they are refused even when what they carry is public.
 */
import ipaddr from 'ipaddr.js';

/**
 * What a deployment lets through besides public addresses: nothing (production), loopback only
 * (local runs, whose receivers listen on 127.0.0.1), or any address (tests of private networks).
 */
export const TARGET_ALLOWANCES = ['public', 'loopback', 'any'] as const;
export type TargetAllowance = (typeof TARGET_ALLOWANCES)[number];

/** Names that only ever mean this machine, or a network that is not the internet. */
const LOOPBACK_NAME = /(^|\.)localhost$/i;
const PRIVATE_NAME = /(^|\.)(local|internal|localdomain|home\.arpa|lan)$/i;

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** An IPv4 address carried inside an IPv6 one, and whether connecting really reaches it. */
interface Embedded {
  readonly form: string;
  readonly addresses: readonly ipaddr.IPv4[];
  readonly reachesIt: boolean;
}

function ipv4Of(high: number, low: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}

function allZero(parts: readonly number[]): boolean {
  return parts.every((part) => part === 0);
}

function embeddedIPv4(address: ipaddr.IPv6): Embedded | null {
  const p = address.parts.map((part) => part ?? 0);
  const [p0, p1, p2, p3, p4, p5, p6, p7] = p as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const last = ipv4Of(p6, p7);
  if (allZero(p.slice(0, 5)) && p5 === 0xffff)
    return { form: 'ipv4Mapped', addresses: [last], reachesIt: true };
  if (allZero(p.slice(0, 4)) && p4 === 0xffff && p5 === 0) {
    return { form: 'ipv4Translated', addresses: [last], reachesIt: false };
  }
  // `::` and `::1` are the unspecified and loopback addresses, judged as IPv6 below.
  if (allZero(p.slice(0, 6)) && (p6 !== 0 || p7 > 1)) {
    return { form: 'ipv4Compatible', addresses: [last], reachesIt: false };
  }
  if (p0 === 0x64 && p1 === 0xff9b) {
    if (allZero([p2, p3, p4, p5])) return { form: 'nat64', addresses: [last], reachesIt: true };
    // Local-use NAT64 (64:ff9b:1::/48) places the IPv4 address by a prefix length nobody tells us.
    return { form: 'nat64LocalUse', addresses: [], reachesIt: false };
  }
  if (p0 === 0x2002) return { form: '6to4', addresses: [ipv4Of(p1, p2)], reachesIt: false };
  if (p0 === 0x2001 && p1 === 0) {
    // Teredo: the server's address in clear, the client's with every bit inverted.
    return {
      form: 'teredo',
      addresses: [ipv4Of(p2, p3), ipv4Of(~p6 & 0xffff, ~p7 & 0xffff)],
      reachesIt: false,
    };
  }
  return null;
}

const DOTTED_TAIL = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/;

/**
 * An IPv6 address with a dotted IPv4 tail, rewritten with the tail as two hex groups. ipaddr.js
 * reads `::127.0.0.1` as the mapped `::ffff:127.0.0.1`, while a socket connects to `::7f00:1`;
 * rewriting first makes both see the same address.
 */
function withHexTail(address: string): string {
  const match = DOTTED_TAIL.exec(address);
  if (!match?.[1] || !match[2] || !ipaddr.IPv4.isValidFourPartDecimal(match[2])) return address;
  const [a = 0, b = 0, c = 0, d = 0] = ipaddr.IPv4.parse(match[2]).octets;
  return `${match[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
}

function parse(address: string): Address | null {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  if (ipaddr.IPv4.isValidFourPartDecimal(bare)) return ipaddr.IPv4.parse(bare);
  const hex = withHexTail(bare);
  if (ipaddr.IPv6.isValid(hex)) return ipaddr.IPv6.parse(hex);
  return null;
}

function allowedRange(range: string, allowance: TargetAllowance): boolean {
  return range === 'unicast' || allowance === 'any' || (allowance === 'loopback' && range === 'loopback');
}

/**
 * Why a webhook must not reach `address` (an IPv4 or IPv6 address, brackets allowed), or null when
 * it may. The reason is ipaddr.js's name of the range (`loopback`, `private`, `linkLocal`,
 * `carrierGradeNat`, `multicast`, `broadcast`, `reserved`, `unspecified`, …), that of the IPv4 address
 * an IPv6 one carries (`loopback in ipv4Compatible`), the refused form itself (`6to4`), or `invalid`.
 */
export function refusedTargetAddress(address: string, allowance: TargetAllowance = 'public'): string | null {
  const parsed = parse(address);
  if (parsed === null) return 'invalid';
  if (allowance === 'any') return null;
  if (parsed.kind() === 'ipv4') {
    const range = parsed.range();
    return allowedRange(range, allowance) ? null : range;
  }
  const embedded = embeddedIPv4(parsed as ipaddr.IPv6);
  if (embedded === null) {
    const range = parsed.range();
    return allowedRange(range, allowance) ? null : range;
  }
  for (const ipv4 of embedded.addresses) {
    const range = ipv4.range();
    if (!allowedRange(range, allowance)) return `${range} in ${embedded.form}`;
  }
  return embedded.reachesIt ? null : embedded.form;
}

/**
 * Why a webhook URL's host (as `new URL(…).hostname` gives it) must not be a target, judged before
 * any name resolution: IP literals by `refusedTargetAddress`, `localhost` names as loopback, and
 * names of local networks (`.local`, `.internal`, …) as private. Other names pass here; the
 * dispatcher judges the addresses they resolve to when it connects.
 */
export function refusedTargetHost(hostname: string, allowance: TargetAllowance = 'public'): string | null {
  const bare = hostname.replace(/\.$/, '');
  if (parse(bare) !== null) return refusedTargetAddress(bare, allowance);
  if (allowance === 'any') return null;
  if (LOOPBACK_NAME.test(bare)) return allowance === 'loopback' ? null : 'loopback';
  if (PRIVATE_NAME.test(bare)) return 'private';
  return null;
}
