import { existsSync } from 'node:fs';
import { join } from 'node:path';
import express, { Router } from 'express';

export const CONSOLE_PATH = '/console';

/**
 * The operator console's built files under `/console`, on the API's own origin, so the console
 * calls `/v1` with no CORS. Hashed assets are cached for good; every other path under `/console`
 * answers the app's `index.html` (never cached), so a deep link or a reload opens the right page.
 * The page may load only this origin's scripts and talk only to this origin.
 */
export function consoleRoutes(dir: string): Router {
  const index = join(dir, 'index.html');
  if (!existsSync(index)) throw new Error(`CONSOLE_DIR has no index.html: ${dir}`);
  const router = Router();
  router.use((_req, res, next) => {
    res.set(
      'Content-Security-Policy',
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: https:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
    );
    next();
  });
  router.get('/', (req, res, next) => {
    // Relative asset paths resolve only under `/console/`.
    if (req.originalUrl === CONSOLE_PATH) res.redirect(301, `${CONSOLE_PATH}/`);
    else next();
  });
  router.use(
    '/assets',
    express.static(join(dir, 'assets'), {
      immutable: true,
      maxAge: '365d',
      index: false,
      fallthrough: false,
    }),
  );
  router.use(express.static(dir, { index: false, maxAge: 0 }));
  router.get('/{*path}', (_req, res) => {
    res.set('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
  return router;
}
