import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

/**
 * Absolute path of `openapi.yaml`. The file ships at the package root, one level above both `src/`
 * (tests, type-checks) and `dist/` (Node), so the same relative URL finds it from either.
 */
export const openApiDocumentPath: string = fileURLToPath(new URL('../openapi.yaml', import.meta.url));

/** The parts of an OpenAPI 3.1 document this package and its users read; the rest stays untyped. */
export interface OpenApiDocument {
  readonly openapi: string;
  readonly info: { readonly title: string; readonly version: string; readonly [key: string]: unknown };
  readonly paths: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  readonly components: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  readonly webhooks: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  readonly [key: string]: unknown;
}

/** The document, parsed once and frozen so no user can change what the others see. */
export const openApiDocument: OpenApiDocument = deepFreeze(
  parse(readFileSync(openApiDocumentPath, 'utf8')) as OpenApiDocument,
);

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
