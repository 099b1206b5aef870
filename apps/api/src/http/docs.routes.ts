import { Router } from 'express';
import swaggerUi from 'swagger-ui-express';

/**
 * The contract itself at `/v1/openapi.json` and interactive docs at `/docs`, both without a key.
 * The docs page and its assets are served from the installed swagger-ui bundle, so it works offline.
 */
export function docsRoutes(document: Record<string, unknown>): Router {
  const router = Router();

  router.get('/v1/openapi.json', (_req, res) => {
    res.json(document);
  });

  // The page loads its assets relative to itself, which only resolves under `/docs/`.
  router.get('/docs', (req, res, next) => {
    if (req.originalUrl === '/docs') res.redirect(301, '/docs/');
    else next();
  });
  router.use(
    '/docs',
    swaggerUi.serve,
    swaggerUi.setup(document, {
      customSiteTitle: 'Outreach API v1',
      swaggerOptions: { persistAuthorization: true },
    }),
  );

  return router;
}
