/** The value, asserted present: a test step that needs it fails here, with a clear message. */
export function must<T>(value: T | null | undefined, what = 'value'): T {
  if (value === null || value === undefined) throw new Error(`expected a ${what}, got ${String(value)}`);
  return value;
}
