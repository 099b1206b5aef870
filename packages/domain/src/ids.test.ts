/** Public ids and conversation URNs. */
import { describe, expect, it } from 'vitest';
import { ID_PREFIXES, conversationIdFromUrn, conversationUrn, isPublicId, publicId } from './ids.js';

const hex = '65f0c0ffee0123456789abcd';

describe('public ids', () => {
  it('are <prefix>_<24 lowercase hex>', () => {
    expect(publicId('cmp', hex)).toBe(`cmp_${hex}`);
    expect(() => publicId('cmp', 'XYZ')).toThrow(RangeError);
    expect(() => publicId('cmp', hex.toUpperCase())).toThrow(RangeError);
  });

  it('are recognised only with the right prefix and suffix', () => {
    expect(isPublicId(`led_${hex}`, 'led')).toBe(true);
    expect(isPublicId(`cmp_${hex}`, 'led')).toBe(false);
    expect(isPublicId(`led_${hex}0`, 'led')).toBe(false);
    expect(isPublicId(42, 'led')).toBe(false);
  });

  it('cover every record type', () => {
    expect(Object.values(ID_PREFIXES).sort()).toEqual(
      [
        'ws',
        'key',
        'acc',
        'cmp',
        'stp',
        'var',
        'led',
        'blk',
        'cnv',
        'msg',
        'act',
        'sub',
        'evt',
        'dlv',
        'agc',
        'mem',
        'inv',
        'aud',
        'imp',
        'lfl',
      ].sort(),
    );
  });
});

describe('conversation URNs', () => {
  it('are urn:outreach:conversation:<cnv_ id> and read back', () => {
    const urn = conversationUrn(`cnv_${hex}`);
    expect(urn).toBe(`urn:outreach:conversation:cnv_${hex}`);
    expect(conversationIdFromUrn(urn)).toBe(`cnv_${hex}`);
  });

  it('reject other texts', () => {
    expect(conversationIdFromUrn(`urn:other:cnv_${hex}`)).toBeNull();
    expect(conversationIdFromUrn(`urn:other:conversation:cnv_${hex}`)).toBeNull();
    expect(conversationIdFromUrn('urn:outreach:conversation:cnv_nothex')).toBeNull();
    // As long as the prefix, so only the prefix itself tells them apart.
    expect(conversationIdFromUrn(`urn:outreach:campaignlist:cnv_${hex}`)).toBeNull();
    expect(conversationIdFromUrn(`urn:outreach:conversation:led_${hex}`)).toBeNull();
  });
});
