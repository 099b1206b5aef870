import type { RequestHandler } from 'express';

/**
 * Headers every answer carries, the API's and the docs' alike: browsers must not guess content
 * types, and no other site may frame these pages (clickjacking). Also written on the answers the
 * HTTP parser gives before Express sees a request (`client-error.ts`).
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Content-Security-Policy': "frame-ancestors 'none'",
};

export function securityHeaders(): RequestHandler {
  return (_req, res, next) => {
    res.set(SECURITY_HEADERS);
    next();
  };
}
