/** Reading the parsed document: references, operations. Used by the response checks and tests. */
import { openApiDocument } from '../openapi-document.js';

export type JsonObject = Readonly<Record<string, unknown>>;

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

export interface DocumentOperation {
  readonly path: string;
  readonly method: (typeof HTTP_METHODS)[number];
  readonly operation: JsonObject;
  /** The path item's parameters and the operation's own, references resolved. */
  readonly parameters: readonly JsonObject[];
}

/** Every operation under `paths`, in document order. */
export function listOperations(): DocumentOperation[] {
  return Object.entries(openApiDocument.paths).flatMap(([path, pathItem]) =>
    HTTP_METHODS.flatMap((method) => {
      const operation = asObject(pathItem[method]);
      if (operation === undefined) return [];
      const parameters = [pathItem['parameters'], operation['parameters']]
        .flatMap((list) => (Array.isArray(list) ? (list as unknown[]) : []))
        .flatMap((parameter): JsonObject[] => {
          const resolved = resolve(parameter);
          return resolved === undefined ? [] : [resolved];
        });
      return [{ path, method, operation, parameters }];
    }),
  );
}

/** Follows local `$ref`s (`#/components/responses/X`) through the document. */
export function resolve(value: unknown): JsonObject | undefined {
  let current = asObject(value);
  for (let hops = 0; current !== undefined && typeof current['$ref'] === 'string' && hops < 10; hops += 1) {
    current = asObject(resolvePointer(current['$ref']));
  }
  return current;
}

function resolvePointer(ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  return ref
    .slice(2)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((node, part) => asObject(node)?.[part], openApiDocument);
}

export function asObject(value: unknown): JsonObject | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as JsonObject)
    : undefined;
}
