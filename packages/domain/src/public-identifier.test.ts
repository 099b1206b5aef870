/** Public identifiers are compared in one normal form, whatever way a person typed or pasted them. */
import { describe, expect, it } from 'vitest';
import {
  normalizePublicIdentifier,
  publicIdentifierFromUrl,
  resolvePublicIdentifier,
} from './public-identifier.js';
import { codeOf } from './testing/fixtures.js';

describe('normalizePublicIdentifier', () => {
  it('trims, lower-cases and URL-decodes', () => {
    expect(normalizePublicIdentifier('  John-Doe ')).toBe('john-doe');
    expect(normalizePublicIdentifier('j%C3%BCrgen-m%C3%BCller')).toBe('jürgen-müller');
    expect(normalizePublicIdentifier('JOHN%2DDOE')).toBe('john-doe');
  });

  it('keeps a stray percent sign that is not an escape', () => {
    expect(normalizePublicIdentifier('100%-sales')).toBe('100%-sales');
  });
});

describe('publicIdentifierFromUrl', () => {
  it.each([
    ['https://www.network.com/in/john-doe/', 'john-doe'],
    ['https://www.network.com/in/john-doe', 'john-doe'],
    ['https://network.com/in/john-doe/', 'john-doe'],
    ['http://www.network.com/in/John-Doe', 'john-doe'],
    ['https://www.network.com/in/john-doe/?utm_source=share&x=1', 'john-doe'],
    ['https://www.network.com/in/john-doe#about', 'john-doe'],
    ['https://www.network.com/in/john-doe/details/experience/', 'john-doe'],
    ['https://www.network.com/in/j%C3%BCrgen-m%C3%BCller-12345/', 'jürgen-müller-12345'],
    ['www.network.com/in/jane', 'jane'],
    ['  https://uk.network.com/IN/jane//  ', 'jane'],
  ])('reads %s as %s', (url, expected) => {
    expect(publicIdentifierFromUrl(url)).toBe(expected);
  });

  it.each([
    'https://www.network.com/company/acme/',
    'https://www.network.com/in/',
    'https://www.network.com/',
    'https://www.network.com/company/acme',
    'ftp://www.network.com/in/john',
    'not a url at all',
    'https://',
  ])('finds no identifier in %s', (url) => {
    expect(publicIdentifierFromUrl(url)).toBeNull();
  });
});

describe('resolvePublicIdentifier', () => {
  it('prefers the given identifier, normalised', () => {
    expect(
      resolvePublicIdentifier({ publicIdentifier: ' Jane ', networkUrl: 'https://x.com/in/other' }),
    ).toBe('jane');
  });

  it('takes the identifier from the profile URL when only the URL is given', () => {
    expect(resolvePublicIdentifier({ networkUrl: 'https://www.network.com/in/Jane-Doe/' })).toBe('jane-doe');
    expect(
      resolvePublicIdentifier({ publicIdentifier: '', networkUrl: 'https://www.network.com/in/jd' }),
    ).toBe('jd');
  });

  it('takes the identifier out of a URL pasted as the identifier', () => {
    expect(resolvePublicIdentifier({ publicIdentifier: 'https://www.network.com/in/Jane/' })).toBe('jane');
  });

  it('refuses a lead with neither with invalid_input', () => {
    expect(codeOf(() => resolvePublicIdentifier({}))).toBe('invalid_input');
    expect(
      codeOf(() =>
        resolvePublicIdentifier({ publicIdentifier: '  ', networkUrl: 'https://x.com/company/a' }),
      ),
    ).toBe('invalid_input');
  });
});

describe('identifiers at the edges', () => {
  it('lower-cases and trims what decoding reveals', () => {
    expect(normalizePublicIdentifier('JOHN%20')).toBe('john');
  });

  it('finds no identifier in a profile path that decodes to blank', () => {
    expect(publicIdentifierFromUrl('https://www.network.com/in/%20/')).toBeNull();
  });

  it('reads a scheme only at the start, not in a query', () => {
    expect(publicIdentifierFromUrl('www.network.com/in/jane?next=https://x.example')).toBe('jane');
  });

  it('falls back to the profile URL when the identifier given is a path that is not a profile URL', () => {
    expect(resolvePublicIdentifier({ publicIdentifier: 'a/b', networkUrl: 'https://x.com/in/jd' })).toBe(
      'jd',
    );
  });
});
