import type { RequestHandler, Response } from 'express';
import { HttpError } from '../http/http-error.js';
import type { ApiKeyResolver, Caller } from './api-key-cache.js';

export const API_KEY_HEADER = 'x-api-key';

/** Keys are generated with a fixed prefix and a few dozen characters; anything far longer is junk. */
const MAX_KEY_LENGTH = 256;

/**
 * What a 401 adds in a local run (`demoKeyFile` set): where the demo key is, and that a reset
 * database (`pnpm start --fresh`) no longer knows older keys. Production answers say neither.
 */
function localHint(demoKeyFile: string | undefined): string {
  if (demoKeyFile === undefined) return '';
  return ` (local run: the demo workspace's key is apiKey in ${demoKeyFile}; after \`pnpm start --fresh\` the database was reset and keys from before no longer exist)`;
}

/** Rejects the request with 401 unless `x-api-key` names an active key; remembers the caller. */
export function authenticate<C extends Caller>(
  resolver: ApiKeyResolver<C>,
  { demoKeyFile }: { demoKeyFile?: string | undefined } = {},
): RequestHandler {
  const hint = localHint(demoKeyFile);
  return async (req, res, next) => {
    const supplied = req.headers[API_KEY_HEADER];
    if (typeof supplied !== 'string' || supplied.trim() === '') {
      throw unauthenticated(`missing API key: send it in the x-api-key header${hint}`);
    }
    const caller = supplied.length > MAX_KEY_LENGTH ? null : await resolver.resolve(supplied.trim());
    if (caller === null) throw unauthenticated(`invalid API key${hint}`);
    res.locals['caller'] = caller;
    req.log = req.log.child({ workspaceId: caller.workspaceId, apiKeyId: caller.apiKeyId });
    next();
  };
}

/** The caller set by `authenticate`; reaching it on an unauthenticated route is a programming error. */
export function callerOf<C extends Caller>(res: Response): C {
  const caller = res.locals['caller'] as C | undefined;
  if (caller === undefined) throw new Error('route reached without authentication');
  return caller;
}

function unauthenticated(message: string): HttpError {
  return new HttpError(401, message, { code: 'unauthorized' });
}
