/**
 * Public identifiers: the username part of a profile URL (`https://www.<network>.com/in/<id>/`).
 * Every comparison of identifiers (duplicates, blocks) uses the normalised form, so "John-Doe",
 * " john-doe " and "john%2Ddoe" are one person.
 */
import { DomainError } from './errors.js';

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    // A stray "%" is part of the identifier as typed; keep it rather than reject the lead.
    return text;
  }
}

/** Trimmed, URL-decoded and lower-cased. */
export function normalizePublicIdentifier(raw: string): string {
  return decode(raw.trim()).trim().toLowerCase();
}

/**
 * The normalised identifier in a profile URL, or null when the text is not a profile URL. Accepts
 * http or https, with or without `www.` (or no scheme at all), a trailing slash, a query string or
 * a fragment, and percent-encoded characters.
 */
export function publicIdentifierFromUrl(url: string): string | null {
  const text = url.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`;
  let parsed: URL;
  try {
    parsed = new URL(withScheme);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
  const segments = parsed.pathname.split('/').filter((segment) => segment !== '');
  if (segments.length < 2 || segments[0]?.toLowerCase() !== 'in') return null;
  const identifier = normalizePublicIdentifier(segments[1] ?? '');
  return identifier === '' ? null : identifier;
}

export interface LeadReference {
  publicIdentifier?: string | null | undefined;
  networkUrl?: string | null | undefined;
}

/**
 * The lead's normalised identifier: the one given, else the one in its profile URL. Throws
 * `invalid_input` when neither gives one.
 */
export function resolvePublicIdentifier(reference: LeadReference): string {
  const raw = reference.publicIdentifier ?? '';
  // People paste profile URLs into the identifier field too; take the identifier out of them.
  const given = raw.includes('/') ? (publicIdentifierFromUrl(raw) ?? '') : normalizePublicIdentifier(raw);
  if (given !== '') return given;
  const fromUrl = reference.networkUrl ? publicIdentifierFromUrl(reference.networkUrl) : null;
  if (fromUrl !== null) return fromUrl;
  throw new DomainError('invalid_input', 'a lead needs a publicIdentifier or a profile URL (networkUrl)', {
    field: 'publicIdentifier',
  });
}
