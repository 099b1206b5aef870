import type { OpenApiDocument } from '@outreach/contract';
import type { RequestHandler } from 'express';
import { HttpError } from './http-error.js';

const METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const;

interface PathMethods {
  pattern: RegExp;
  allow: string;
}

function pathsOf(document: OpenApiDocument): PathMethods[] {
  return Object.entries(document.paths).map(([template, item]) => {
    const methods = METHODS.filter((method) => (item as Record<string, unknown>)[method] !== undefined);
    const upper = methods.map((method) => method.toUpperCase());
    if (upper.includes('GET')) upper.push('HEAD');
    upper.push('OPTIONS');
    const source = template
      .split('/')
      .map((segment) =>
        /^\{[^}]+\}$/.test(segment) ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
      )
      .join('/');
    return { pattern: new RegExp(`^${source}/?$`), allow: upper.join(', ') };
  });
}

/**
 * `OPTIONS` answered on purpose rather than by the framework: 204 with `Allow` naming the methods
 * of a documented path (no key needed: it says nothing the public document does not), and 404 in
 * the error shape for any other path. There is no CORS: the API is called from servers.
 */
export function optionsHandler(document: OpenApiDocument): RequestHandler {
  const paths = pathsOf(document);
  return (req, res, next) => {
    if (req.method !== 'OPTIONS') {
      next();
      return;
    }
    const found = paths.find(({ pattern }) => pattern.test(req.path));
    if (found === undefined) {
      next(new HttpError(404, `no route for OPTIONS ${req.path}`, { code: 'not_found' }));
      return;
    }
    res.set('Allow', found.allow).status(204).end();
  };
}
