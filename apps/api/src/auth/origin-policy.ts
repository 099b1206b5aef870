import type { Request } from 'express';

/** The origins a browser may send state-changing cookie requests from. */
export interface OriginPolicy {
  /** The API's configured public URL (`PUBLIC_URL`), when set. */
  publicUrl?: string | undefined;
  /** Further origins (`TRUSTED_ORIGINS`), e.g. a console served from another host. */
  trusted: readonly string[];
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * Whether the request's `Origin` is the API's own (the origin it was addressed to, or its public
 * URL) or a trusted one. A missing or `null` Origin is not: every browser sends one with a
 * cross-site or same-site `POST`, `PUT`, `PATCH` or `DELETE` made by `fetch` or a form.
 */
export function isSameOrigin(req: Request, policy: OriginPolicy): boolean {
  const origin = req.headers.origin;
  if (typeof origin !== 'string' || origin === '' || origin === 'null') return false;
  const allowed = new Set<string>();
  const host = req.headers.host;
  if (typeof host === 'string' && host !== '') allowed.add(`${req.protocol}://${host}`);
  const own = policy.publicUrl ? originOf(policy.publicUrl) : null;
  if (own) allowed.add(own);
  for (const trusted of policy.trusted) {
    const parsed = originOf(trusted);
    if (parsed) allowed.add(parsed);
  }
  return allowed.has(origin);
}
