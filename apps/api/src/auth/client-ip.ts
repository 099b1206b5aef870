import type { RequestHandler } from 'express';

/**
 * The header that carries the client IP as this app computed it. Libraries that read the IP from a
 * configurable header (better-auth's `advanced.ipAddress.ipAddressHeaders`, for its rate limits and
 * session records) are pointed at it instead of at `x-forwarded-for`, which any client can forge.
 */
export const CLIENT_IP_HEADER = 'x-outreach-client-ip';

/**
 * Replaces any incoming `x-outreach-client-ip` with Express's `req.ip`, which honours the app's
 * `trust proxy` setting: behind no trusted proxy it is the socket's peer, whatever the headers say.
 * Mount it before any handler that reads the header.
 */
export function stampClientIp(): RequestHandler {
  return (req, _res, next) => {
    // Node joins repeated headers into one entry, so assigning replaces every copy the client sent;
    // rawHeaders is filtered too, for code that rebuilds headers from it.
    const ip = req.ip ?? req.socket.remoteAddress ?? '';
    req.headers[CLIENT_IP_HEADER] = ip;
    req.rawHeaders = withoutHeader(req.rawHeaders, CLIENT_IP_HEADER);
    req.rawHeaders.push(CLIENT_IP_HEADER, ip);
    next();
  };
}

/** `rawHeaders` is a flat [name, value, name, value, …] list with the names as sent. */
function withoutHeader(rawHeaders: string[], name: string): string[] {
  const kept: string[] = [];
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const key = rawHeaders[i];
    const value = rawHeaders[i + 1];
    if (key === undefined || value === undefined || key.toLowerCase() === name) continue;
    kept.push(key, value);
  }
  return kept;
}
