/**
 * Reads a `Retry-After` header: either delay-seconds or an HTTP date. Returns the wait in
 * milliseconds from `now` (never negative), or null when the header is absent or unreadable.
 */
export function parseRetryAfterMs(header: string | undefined, now: Date): number | null {
  if (header === undefined) return null;
  const value = header.trim();
  if (value === '') return null;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  // Only the IMF-fixdate family is valid here; Date.parse also accepts it and the obsolete forms.
  if (!/[a-z]/i.test(value)) return null;
  const at = Date.parse(value);
  if (Number.isNaN(at)) return null;
  return Math.max(0, at - now.getTime());
}
