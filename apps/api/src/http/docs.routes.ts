import { Router } from 'express';
import swaggerUi from 'swagger-ui-express';

export interface DocsOptions {
  /**
   * Local runs only: the file holding the demo workspace's API key (`.outreach/dev.json`), named at
   * the top of the docs page. Unset in production, where the page says nothing of the kind.
   */
  demoKeyFile?: string | undefined;
}

/**
 * What the swagger-ui bundle ships as `swagger-initializer.js` loads the Petstore example; anyone
 * opening that file under `/docs/` gets this service's document instead. (The page itself is set
 * up by swagger-ui-express's `swagger-ui-init.js`.)
 */
const SWAGGER_INITIALIZER = `window.onload = function () {
  window.ui = SwaggerUIBundle({
    url: '../v1/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    persistAuthorization: true,
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
    layout: 'StandaloneLayout',
  });
};
`;

/** The page's own style (without one, swagger-ui-express writes a stray `undefined` into it). */
const DOCS_CSS = '.swagger-ui .topbar { display: none }';

/** The document the docs page shows: in a local run, with where to find the demo key on top. */
function documentForPage(document: Record<string, unknown>, demoKeyFile: string | undefined) {
  if (demoKeyFile === undefined) return document;
  const info = (document['info'] ?? {}) as Record<string, unknown>;
  const note =
    `**Local run.** The demo workspace's API key is \`apiKey\` in \`${demoKeyFile}\` ` +
    '(`pnpm start` also prints it): choose **Authorize** and paste it. After `pnpm start --fresh` ' +
    'the database starts empty and a key from before answers 401.';
  return { ...document, info: { ...info, description: `${note}\n\n${String(info['description'] ?? '')}` } };
}

/**
 * The contract itself at `/v1/openapi.json` and interactive docs at `/docs`, both without a key.
 * The docs page and its assets are served from the installed swagger-ui bundle, so it works offline.
 */
export function docsRoutes(document: Record<string, unknown>, options: DocsOptions = {}): Router {
  const router = Router();

  router.get('/v1/openapi.json', (_req, res) => {
    res.json(document);
  });

  // The page loads its assets relative to itself, which only resolves under `/docs/`.
  router.get('/docs', (req, res, next) => {
    if (req.originalUrl === '/docs') res.redirect(301, '/docs/');
    else next();
  });
  router.get('/docs/swagger-initializer.js', (_req, res) => {
    res.type('application/javascript').send(SWAGGER_INITIALIZER);
  });
  const page = documentForPage(document, options.demoKeyFile);
  const pageOptions = {
    customSiteTitle: 'Outreach API v1',
    customCss: DOCS_CSS,
    swaggerOptions: { persistAuthorization: true },
  };
  // `serveFiles` keeps this app's page script to itself; `serve` shares one across every app of
  // the process, so the last app set up would decide what all of them show.
  router.use('/docs', swaggerUi.serveFiles(page, pageOptions), swaggerUi.setup(page, pageOptions));

  return router;
}
