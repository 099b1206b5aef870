import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_VERSION } from './index.js';
import { openApiDocument, openApiDocumentPath } from './openapi-document.js';

describe('openApiDocument', () => {
  it('is an OpenAPI 3.1 document of version 1.0.0, the API_VERSION constant', () => {
    expect(openApiDocument.openapi).toBe('3.1.0');
    expect(openApiDocument.info.version).toBe('1.0.0');
    expect(API_VERSION).toBe(openApiDocument.info.version);
  });

  it('is read from the openapi.yaml the package ships at its root', () => {
    const packageRoot = dirname(openApiDocumentPath);
    const manifest = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as {
      files: string[];
    };
    expect(existsSync(openApiDocumentPath)).toBe(true);
    expect(openApiDocumentPath.endsWith('openapi.yaml')).toBe(true);
    expect(manifest.files).toContain('openapi.yaml');
  });

  it('is frozen, so one user cannot change what the others read', () => {
    expect(Object.isFrozen(openApiDocument)).toBe(true);
    expect(Object.isFrozen(openApiDocument.paths['/v1/campaigns'])).toBe(true);
  });

  it('serialises to JSON for GET /v1/openapi.json', () => {
    const json = JSON.parse(JSON.stringify(openApiDocument)) as typeof openApiDocument;
    expect(json.paths['/v1/campaigns']).toBeDefined();
    expect(Object.keys(json.webhooks)).toHaveLength(11);
  });
});
