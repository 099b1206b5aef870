/**
 * Checks a response the service gave (status, JSON body, optionally headers) against the responses
 * `openapi.yaml` documents for the operation.
 */
import { openApiDocument } from '../openapi-document.js';
import { describeSchemaErrors, validatorFor } from './contract-schemas.js';
import { asObject, resolve, type JsonObject } from './document-walk.js';
import { findPathTemplate } from './path-matching.js';

export type ResponseHeaders =
  | { get(name: string): string | null }
  | Readonly<Record<string, string | number | readonly string[] | undefined>>;

export interface ContractResponse {
  /** HTTP method, any case. */
  readonly method: string;
  /** A template of the document (`/v1/campaigns/{id}`) or a concrete path, query string allowed. */
  readonly path: string;
  readonly status: number;
  /** The parsed JSON body (as supertest's `res.body` or `await res.json()`). */
  readonly body?: unknown;
  /** When given, the documented required headers must be present and well formed. */
  readonly headers?: ResponseHeaders;
}

/** Every way the response departs from the document; empty when it matches. */
export function validateResponse(response: ContractResponse): string[] {
  const method = response.method.toLowerCase();
  const template = findPathTemplate(Object.keys(openApiDocument.paths), response.path);
  const label = `${response.method.toUpperCase()} ${template ?? response.path} ${response.status}`;
  if (template === undefined) return [`${label}: no path of the contract matches ${response.path}`];

  const operation = asObject(openApiDocument.paths[template]?.[method]);
  if (operation === undefined)
    return [`${label}: the contract has no ${method.toUpperCase()} on ${template}`];

  const responses = asObject(operation['responses']) ?? {};
  const documented = pickResponse(responses, response.status);
  if (documented === undefined) {
    return [`${label}: status not documented (documented: ${Object.keys(responses).join(', ')})`];
  }
  const problems = [...checkBody(documented, response.body), ...checkHeaders(documented, response.headers)];
  return problems.map((problem) => `${label} ${problem}`);
}

/** Exact status, then its class (`4XX`), then `default`; references resolved. */
function pickResponse(responses: JsonObject, status: number): JsonObject | undefined {
  const key = [String(status), `${Math.floor(status / 100)}XX`, 'default'].find((code) => code in responses);
  return key === undefined ? undefined : resolve(responses[key]);
}

function checkBody(documented: JsonObject, body: unknown): string[] {
  const content = asObject(documented['content']);
  const schema = asObject(asObject(content?.['application/json'])?.['schema']);
  // Only JSON bodies are checked; /docs answers HTML and webhook receivers' bodies are ignored.
  if (schema === undefined) return [];
  const validate = validatorFor(schema);
  if (validate(body)) return [];
  return describeSchemaErrors(validate.errors).map((line) => `body: ${line}`);
}

function checkHeaders(documented: JsonObject, headers: ResponseHeaders | undefined): string[] {
  if (headers === undefined) return [];
  const problems: string[] = [];
  for (const [name, reference] of Object.entries(asObject(documented['headers']) ?? {})) {
    const header = resolve(reference);
    const value = readHeader(headers, name);
    if (value === undefined) {
      if (header?.['required'] === true) problems.push(`header ${name}: missing`);
      continue;
    }
    const schema = asObject(header?.['schema']);
    if (schema === undefined) continue;
    const validate = validatorFor(schema);
    if (!validate(parseHeaderValue(value, schema))) {
      problems.push(...describeSchemaErrors(validate.errors).map((line) => `header ${name}: ${line}`));
    }
  }
  return problems;
}

function readHeader(headers: ResponseHeaders, name: string): string | undefined {
  if (typeof headers.get === 'function') return headers.get(name) ?? undefined;
  const lowerName = name.toLowerCase();
  const entry = Object.entries(headers).find(([key]) => key.toLowerCase() === lowerName);
  const value: unknown = entry?.[1];
  if (value === undefined || value === null) return undefined;
  return Array.isArray(value) ? value.join(', ') : String(value);
}

/** Header values are text; numeric schemas are checked against the number they spell. */
function parseHeaderValue(value: string, schema: JsonObject): unknown {
  const numeric = schema['type'] === 'integer' || schema['type'] === 'number';
  return numeric && /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : value;
}
