import { useEffect, useRef } from 'react';

/**
 * Reads a query once more when `value` changes (not on mount). Pages poll a campaign's leads and
 * analytics only while it is active: without this last read, the answer polled just before the
 * campaign completed stays on screen (leads still "active", a message step's sends not counted).
 */
export function useRefreshOnChange(value: unknown, refresh: () => unknown): void {
  const previous = useRef(value);
  useEffect(() => {
    if (Object.is(previous.current, value)) return;
    previous.current = value;
    void refresh();
  }, [value, refresh]);
}
