import { isAPIError } from 'better-auth/api';
import { toNodeHandler } from 'better-auth/node';
import type { RequestHandler } from 'express';
import type { Auth } from './better-auth.js';

/**
 * The authentication library's routes, answered by the library, except its unexpected failures:
 * those (a database outage above all) go to the API's error handler, so they are answered in the
 * API's error shape (503 `database_unavailable` with `Retry-After` while the database cannot be
 * reached) instead of the library's empty 500. The library is configured to throw them
 * (`onAPIError.throw`); its own refusals (a wrong password, a bad token) are answered as it would.
 */
export function authRoutes(auth: Auth): RequestHandler {
  const handle = toNodeHandler(auth);
  return async (req, res, next) => {
    try {
      await handle(req, res);
    } catch (error) {
      if (isAPIError(error) && error.statusCode < 500) {
        if (res.headersSent) return;
        for (const [name, value] of new Headers(
          error.headers as ConstructorParameters<typeof Headers>[0],
        ).entries())
          res.set(name, value);
        res.status(error.statusCode).json(error.body ?? { message: error.message });
        return;
      }
      next(error);
    }
  };
}
