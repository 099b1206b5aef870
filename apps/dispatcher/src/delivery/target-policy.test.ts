import { describe, expect, it } from 'vitest';
import { ipLiteralOf, refusedRange } from './target-policy.js';

describe('refusedRange', () => {
  it.each([
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['192.168.1.1', 'private'],
    ['127.0.0.1', 'loopback'],
    ['169.254.169.254', 'linkLocal'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.251', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'linkLocal'],
    ['fd12:3456::1', 'uniqueLocal'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback in ipv4Mapped'],
    ['::ffff:10.0.0.1', 'private in ipv4Mapped'],
    ['::ffff:169.254.169.254', 'linkLocal in ipv4Mapped'],
    ['64:ff9b::a00:1', 'private in nat64'],
    ['::7f00:1', 'loopback in ipv4Compatible'],
    ['::127.0.0.1', 'loopback in ipv4Compatible'],
    ['2002:7f00:1::1', 'loopback in 6to4'],
    ['198.18.0.1', 'reserved'],
    ['240.0.0.1', 'reserved'],
  ])('refuses %s as %s', (address, range) => {
    expect(refusedRange(address)).toBe(range);
  });

  it.each(['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8'])(
    'lets the public address %s through',
    (address) => {
      expect(refusedRange(address)).toBeNull();
    },
  );

  it('lets loopback through when loopback targets are allowed, and nothing else private', () => {
    expect(refusedRange('127.0.0.1', 'loopback')).toBeNull();
    expect(refusedRange('::1', 'loopback')).toBeNull();
    expect(refusedRange('10.0.0.1', 'loopback')).toBe('private');
  });

  it('refuses a string that is not an address', () => {
    expect(refusedRange('example.com')).toBe('invalid');
  });
});

describe('ipLiteralOf', () => {
  it('recognises IPv4 and bracketed IPv6 hosts of a parsed URL', () => {
    expect(ipLiteralOf(new URL('http://0x7f.1/').hostname)).toBe('127.0.0.1');
    expect(ipLiteralOf(new URL('http://[::ffff:7f00:1]/').hostname)).toBe('::ffff:7f00:1');
    expect(ipLiteralOf('hooks.example.com')).toBeNull();
  });
});
