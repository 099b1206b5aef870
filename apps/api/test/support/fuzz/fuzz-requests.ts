/**
 * Requests for the fuzzer, one operation of the document at a time: path parameters (known ids,
 * made-up ones, broken percent-encoding), query parameters and a JSON body generated from the
 * operation's schemas with `schema-values.ts`, and now and then no key, a raw body that is not
 * JSON, or a field the schema does not know.
 */
import { asObject, listOperations, resolve, type DocumentOperation } from '@outreach/contract/testing';
import {
  CONTROL_STRINGS,
  HOSTILE_STRINGS,
  hostileValue,
  pick,
  valueFor,
  type ValueContext,
} from './schema-values.js';

export interface FuzzRequest {
  readonly operationId: string;
  readonly method: string;
  /** Path and query string, ready to append to the base URL. */
  readonly target: string;
  readonly body: string | undefined;
  readonly anonymous: boolean;
}

/** Raw path segments a client could send: not valid ids, some not valid percent-encoding either. */
const HOSTILE_SEGMENTS = ['%00', '%2e%2e', '%E0%A4%A', '%', '__proto__', 'a'.repeat(300), '%20', 'null'];

const RAW_BODIES = ['{', 'null', '[]', '"text"', '{"a":1,"a":2}', '{"__proto__":{"x":1}}', '\u0000'];

/** The operations the fuzzer drives: every `/v1` operation except the document itself. */
export function fuzzedOperations(): DocumentOperation[] {
  return listOperations().filter(({ path }) => path.startsWith('/v1/') && path !== '/v1/openapi.json');
}

export function fuzzRequest(operation: DocumentOperation, ctx: ValueContext): FuzzRequest {
  const { random } = ctx;
  const path = operation.path.replace(/\{([^}]+)\}/g, (_whole, name: string) => pathSegment(name, ctx));
  const query = new URLSearchParams();
  const queryParameters = operation.parameters.filter((parameter) => parameter['in'] === 'query');
  // At most one query parameter per request gets a hostile value, so the others stay valid and
  // the request reaches the code that must cope with it.
  const hostileIndex = random.next() < 0.3 ? random.int(0, Math.max(0, queryParameters.length - 1)) : -1;
  for (const [index, parameter] of queryParameters.entries()) {
    const name = String(parameter['name']);
    if (index === hostileIndex) {
      query.append(name, pick(random, [...CONTROL_STRINGS, ...HOSTILE_STRINGS.slice(0, 14)]));
      continue;
    }
    if (parameter['required'] !== true && random.next() < 0.5) continue;
    const value = valueFor(parameter['schema'], ctx, name);
    query.append(name, typeof value === 'string' ? value : JSON.stringify(value));
  }
  if (random.next() < ctx.hostility / 2) {
    query.append(pick(random, ['nickname', 'limit', 'search']), pick(random, HOSTILE_STRINGS));
  }
  const search = query.size > 0 ? `?${query.toString()}` : '';
  return {
    operationId: String(operation.operation['operationId']),
    method: operation.method.toUpperCase(),
    target: path + search,
    body: bodyFor(operation, ctx),
    anonymous: random.next() < 0.03,
  };
}

function pathSegment(name: string, ctx: ValueContext): string {
  const roll = ctx.random.next();
  const known = ctx.idFor(name);
  if (known !== undefined && roll < 0.75) return encodeSegment(known);
  if (roll < 0.85) return pick(ctx.random, HOSTILE_SEGMENTS);
  const made = valueFor({ type: 'string', minLength: 1, maxLength: 30 }, ctx, name);
  return encodeSegment(typeof made === 'string' ? made : JSON.stringify(made));
}

/** Percent-encodes a segment; a lone surrogate (not encodable) is sent as the bytes of one. */
function encodeSegment(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
}

function bodyFor(operation: DocumentOperation, ctx: ValueContext): string | undefined {
  const requestBody = resolve(operation.operation['requestBody']);
  const schema = asObject(asObject(asObject(requestBody?.['content'])?.['application/json'])?.['schema']);
  if (schema === undefined) return undefined;
  const roll = ctx.random.next();
  if (roll < 0.03) return pick(ctx.random, RAW_BODIES);
  if (roll < 0.06) return JSON.stringify(hostileValue(ctx.random));
  return JSON.stringify(valueFor(schema, ctx));
}
