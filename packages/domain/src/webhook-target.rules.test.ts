import { describe, expect, it } from 'vitest';
import { refusedTargetAddress, refusedTargetHost } from './webhook-target.rules.js';

/** Every spelling reported as slipping through, plus the ranges the policy has always refused. */
const REFUSED: ReadonlyArray<readonly [string, string]> = [
  ['127.0.0.1', 'loopback'],
  ['10.0.0.1', 'private'],
  ['172.16.0.1', 'private'],
  ['192.168.1.1', 'private'],
  ['169.254.169.254', 'linkLocal'],
  ['100.64.0.1', 'carrierGradeNat'],
  ['0.0.0.0', 'unspecified'],
  ['0.1.2.3', 'unspecified'],
  ['198.18.0.1', 'reserved'],
  ['198.19.255.254', 'reserved'],
  ['240.0.0.1', 'reserved'],
  ['255.255.255.255', 'broadcast'],
  ['224.0.0.251', 'multicast'],
  ['239.255.255.250', 'multicast'],
  ['192.0.2.1', 'reserved'],
  ['::1', 'loopback'],
  ['::', 'unspecified'],
  ['fe80::1', 'linkLocal'],
  ['fd12:3456::1', 'uniqueLocal'],
  ['ff02::1', 'multicast'],
  ['::ffff:127.0.0.1', 'loopback in ipv4Mapped'],
  ['::ffff:10.0.0.1', 'private in ipv4Mapped'],
  ['::ffff:7f00:1', 'loopback in ipv4Mapped'],
  ['::127.0.0.1', 'loopback in ipv4Compatible'],
  ['::10.0.0.1', 'private in ipv4Compatible'],
  ['::169.254.169.254', 'linkLocal in ipv4Compatible'],
  ['::7f00:1', 'loopback in ipv4Compatible'],
  ['::ffff:0:127.0.0.1', 'loopback in ipv4Translated'],
  ['64:ff9b::7f00:1', 'loopback in nat64'],
  ['64:ff9b::10.0.0.1', 'private in nat64'],
  ['64:ff9b:1::a00:1', 'nat64LocalUse'],
  ['2002:7f00:1::1', 'loopback in 6to4'],
  ['2002:a9fe:a9fe::1', 'linkLocal in 6to4'],
  ['2001:0:7f00:1::1', 'loopback in teredo'],
  ['2001:0:808:808::80ff:fffe', 'loopback in teredo'],
  ['[::127.0.0.1]', 'loopback in ipv4Compatible'],
];

describe('refusedTargetAddress', () => {
  it.each(REFUSED)('refuses %s as %s', (address, reason) => {
    expect(refusedTargetAddress(address)).toBe(reason);
  });

  it.each(['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8', '64:ff9b::808:808'])(
    'lets the public address %s through',
    (address) => {
      expect(refusedTargetAddress(address)).toBeNull();
    },
  );

  it.each([
    ['::8.8.8.8', 'ipv4Compatible'],
    ['2002:808:808::1', '6to4'],
    ['2001:0:808:808::f7f7:f7f7', 'teredo'],
    ['::ffff:0:8.8.8.8', 'ipv4Translated'],
  ])('refuses the tunnel form %s even around a public address', (address, form) => {
    expect(refusedTargetAddress(address)).toBe(form);
  });

  it('lets loopback through, and nothing else, when loopback is allowed', () => {
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1', '64:ff9b::7f00:1']) {
      expect(refusedTargetAddress(address, 'loopback'), address).toBeNull();
    }
    for (const [address] of REFUSED.filter(([, reason]) => !reason.startsWith('loopback'))) {
      expect(refusedTargetAddress(address, 'loopback'), address).not.toBeNull();
    }
    expect(refusedTargetAddress('::127.0.0.1', 'loopback')).toBe('ipv4Compatible');
  });

  it('lets every address through when any is allowed, and refuses what is not an address', () => {
    expect(refusedTargetAddress('10.0.0.1', 'any')).toBeNull();
    expect(refusedTargetAddress('::ffff:0:8.8.8.8', 'any')).toBeNull();
    expect(refusedTargetAddress('example.com')).toBe('invalid');
    expect(refusedTargetAddress('127.1')).toBe('invalid');
  });
});

describe('refusedTargetHost', () => {
  const hostOf = (url: string): string => new URL(url).hostname;

  it.each([
    ['http://[::127.0.0.1]/', 'loopback in ipv4Compatible'],
    ['http://[::10.0.0.1]/', 'private in ipv4Compatible'],
    ['http://[::169.254.169.254]/', 'linkLocal in ipv4Compatible'],
    ['http://[::ffff:0:127.0.0.1]/', 'loopback in ipv4Translated'],
    ['http://[64:ff9b::7f00:1]/', 'loopback in nat64'],
    ['http://[2002:7f00:1::1]/', 'loopback in 6to4'],
    ['http://[::ffff:127.0.0.1]/', 'loopback in ipv4Mapped'],
    ['http://0x7f.1/', 'loopback'],
    ['http://2130706433/', 'loopback'],
    ['http://198.18.0.1/', 'reserved'],
    ['http://224.0.0.1/', 'multicast'],
    ['http://240.0.0.1/', 'reserved'],
    ['http://255.255.255.255/', 'broadcast'],
    ['http://localhost/', 'loopback'],
    ['http://api.localhost./', 'loopback'],
    ['http://printer.local/', 'private'],
    ['http://db.internal/', 'private'],
  ])('refuses the host of %s as %s', (url, reason) => {
    expect(refusedTargetHost(hostOf(url))).toBe(reason);
  });

  it('lets public names and addresses through, and localhost when loopback is allowed', () => {
    expect(refusedTargetHost(hostOf('https://hooks.example.com/x'))).toBeNull();
    expect(refusedTargetHost(hostOf('https://8.8.8.8/'))).toBeNull();
    expect(refusedTargetHost('localhost', 'loopback')).toBeNull();
    expect(refusedTargetHost(hostOf('http://[::1]/'), 'loopback')).toBeNull();
    expect(refusedTargetHost('db.internal', 'loopback')).toBe('private');
  });

  it('lets localhost and local network names through when any is allowed', () => {
    expect(refusedTargetHost('localhost', 'any')).toBeNull();
    expect(refusedTargetHost('printer.local', 'any')).toBeNull();
  });
});

describe('names and addresses close to the refused ones', () => {
  it.each(['localhost.example.com', 'internal.example.com', 'lan.example.org', 'mylocalhost', 'mylan'])(
    'lets the public name %s through: only a whole label at the end is local',
    (host) => {
      expect(refusedTargetHost(host)).toBeNull();
    },
  );

  it.each([
    ['localhost', 'loopback'],
    ['internal', 'private'],
    ['lan', 'private'],
    ['LAN', 'private'],
  ])('refuses the single-word host %s as %s', (host, reason) => {
    expect(refusedTargetHost(host)).toBe(reason);
  });

  it.each([
    ['::2', 'unspecified in ipv4Compatible'],
    ['::0.0.1.1', 'unspecified in ipv4Compatible'],
  ])('refuses %s as the IPv4-compatible spelling it is (%s)', (address, reason) => {
    expect(refusedTargetAddress(address)).toBe(reason);
  });

  it('lets the public 2001:4860::8888 through: only 2001:0::/32 is Teredo', () => {
    expect(refusedTargetAddress('2001:4860::8888')).toBeNull();
  });

  it("reads a Teredo client's address with every bit inverted", () => {
    // Server 8.8.8.8; client bits all zero, so the client is 255.255.255.255.
    expect(refusedTargetAddress('2001:0:808:808::')).toBe('broadcast in teredo');
  });

  it('lets the public 2a01:ff9b::1 through: only 64:ff9b::/96 is NAT64', () => {
    expect(refusedTargetAddress('2a01:ff9b::1')).toBeNull();
    expect(refusedTargetAddress('64:ff9a::1')).toBeNull();
  });
});
