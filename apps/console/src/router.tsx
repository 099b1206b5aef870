import { useSyncExternalStore, type AnchorHTMLAttributes, type MouseEvent } from 'react';

/**
 * A small history router: the console has a handful of routes (declared in routes.ts), so a
 * router library would cost more bundle than it saves. Paths are relative to the base the app is
 * served under (`/console/`).
 */
const BASE = import.meta.env.BASE_URL.replace(/\/$/, '');

function subscribe(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  return () => window.removeEventListener('popstate', onChange);
}

function currentPath(): string {
  const path = window.location.pathname.startsWith(BASE)
    ? window.location.pathname.slice(BASE.length)
    : window.location.pathname;
  return path === '' ? '/' : path;
}

/** The current path inside the console, e.g. `/campaigns/abc`. */
export function usePath(): string {
  return useSyncExternalStore(subscribe, currentPath);
}

export function useSearchParams(): URLSearchParams {
  const search = useSyncExternalStore(subscribe, () => window.location.search);
  return new URLSearchParams(search);
}

export function navigate(to: string, { replace = false } = {}): void {
  const url = `${BASE}${to}`;
  if (replace) window.history.replaceState(null, '', url);
  else window.history.pushState(null, '', url);
  window.dispatchEvent(new PopStateEvent('popstate'));
}

/** Replaces the query string of the current page (filters and pages are part of the address). */
export function setSearchParams(params: Record<string, string | undefined>): void {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  const text = search.toString();
  navigate(`${currentPath()}${text ? `?${text}` : ''}`, { replace: true });
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

export function Link({ to, onClick, ...rest }: LinkProps) {
  const handle = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    // Let the browser handle new tabs and windows.
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
      return;
    event.preventDefault();
    navigate(to);
  };
  return <a href={`${BASE}${to}`} onClick={handle} {...rest} />;
}

/** Matches `/campaigns/:id` against a path; returns the named parts, or null. */
export function matchPath(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/').filter(Boolean);
  const have = path.split('/').filter(Boolean);
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i += 1) {
    const part = want[i] ?? '';
    const value = have[i] ?? '';
    if (part.startsWith(':')) params[part.slice(1)] = decodeURIComponent(value);
    else if (part !== value) return null;
  }
  return params;
}
