/**
 * Values for the fuzzer, drawn from the document's JSON schemas: mostly what the schema asks for
 * (so requests reach the operations), sometimes something hostile instead (so the refusals are
 * exercised too). Every draw comes from the seeded source, so a seed replays a run exactly.
 */
import { asObject, resolve, type JsonObject } from '@outreach/contract/testing';
import type { RandomSource } from '@outreach/domain';

/** Control characters, which some drivers refuse inside a query. */
export const CONTROL_STRINGS = ['\u0000', 'a\u0000b', '\u0001', 'x\u001f', '\u007f', '\u0085'];

/** Strings meant to hurt: control characters, object machinery, extreme dates, huge text. */
export const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u001f\u007f',
  '__proto__',
  'constructor',
  'prototype',
  '.*',
  '(a+)+$',
  '$where',
  '{"$gt":""}',
  '0000-01-01',
  '9999-12-31',
  '0001-01-01T00:00:00Z',
  '9999-12-31T23:59:59+14:00',
  '2025-02-30',
  '-1',
  '1e309',
  'NaN',
  '\ud800',
  '😀'.repeat(50),
  'x'.repeat(10_000),
  'http://127.0.0.1/',
  'http://[::127.0.0.1]/',
  'javascript:alert(1)',
];

/** Anything but what was asked: wrong types and shapes. */
const HOSTILE_VALUES: readonly unknown[] = [
  null,
  true,
  0,
  -1,
  1.5,
  Number.MAX_SAFE_INTEGER,
  -1e21,
  [],
  [null],
  {},
  { __proto__: null, constructor: 'x' },
  ...HOSTILE_STRINGS,
];

/** Names tried as keys of open objects (records such as custom variables): half of them hostile. */
const KEY_POOL = [
  'company',
  'first_name',
  '_region',
  'title',
  'constructor',
  'prototype',
  '__proto__',
  'toString',
];

/** Dates from the ordinary to the absurd, for date and date-time fields. */
const DATE_POOL = [
  '2025-06-01',
  '2025-06-30',
  '2024-01-01',
  '2024-12-31',
  '2025-06-01T10:00:00Z',
  '2025-06-01T10:00:00+02:00',
  '0000-01-01',
  '0001-01-01',
  '1000-06-15T00:00:00Z',
  '1969-12-31',
  '9999-12-31',
  '2025-13-01',
];

export interface ValueContext {
  readonly random: RandomSource;
  /** Chance, at each value, of a hostile value instead of a fitting one. */
  readonly hostility: number;
  /** Known ids to use for fields that carry one, by field name. */
  readonly idFor: (name: string) => string | undefined;
}

export function pick<T>(random: RandomSource, items: readonly T[]): T {
  return items[random.int(0, items.length - 1)] as T;
}

export function hostileValue(random: RandomSource): unknown {
  return pick(random, HOSTILE_VALUES);
}

/** A value for `schema` (references resolved); `name` is the field's name, for ids. */
export function valueFor(schemaOrRef: unknown, ctx: ValueContext, name = '', depth = 0): unknown {
  if (ctx.random.next() < ctx.hostility) return hostileValue(ctx.random);
  const schema = resolve(schemaOrRef);
  if (schema === undefined || depth > 6) return null;
  const variants = (schema['anyOf'] ?? schema['oneOf']) as unknown[] | undefined;
  if (Array.isArray(variants) && variants.length > 0) {
    return valueFor(mergeBase(schema, pick(ctx.random, variants)), ctx, name, depth + 1);
  }
  if (Array.isArray(schema['allOf'])) {
    const merged = (schema['allOf'] as unknown[]).reduce<JsonObject>(
      (all, part) => mergeBase(all, part),
      withoutKey(schema, 'allOf'),
    );
    return valueFor(merged, ctx, name, depth + 1);
  }
  if (Array.isArray(schema['enum'])) return pick(ctx.random, schema['enum'] as unknown[]);
  if ('const' in schema) return schema['const'];
  const type = Array.isArray(schema['type']) ? pick(ctx.random, schema['type'] as string[]) : schema['type'];
  switch (type) {
    case 'string':
      return stringFor(schema, ctx, name);
    case 'integer':
    case 'number':
      return numberFor(schema, ctx.random, type === 'integer');
    case 'boolean':
      return ctx.random.next() < 0.5;
    case 'array':
      return arrayFor(schema, ctx, name, depth);
    case 'null':
      return null;
    default:
      return objectFor(schema, ctx, depth);
  }
}

function stringFor(schema: JsonObject, ctx: ValueContext, name: string): string {
  const id = ctx.idFor(name);
  if (id !== undefined && ctx.random.next() < 0.8) return id;
  // Hostile text that is still a string, whatever the request's hostility: searches and names
  // must cope with it.
  if (ctx.random.next() < 0.1) return pick(ctx.random, HOSTILE_STRINGS);
  const format = schema['format'];
  if (format === 'date' || format === 'date-time' || /date/i.test(name)) return pick(ctx.random, DATE_POOL);
  if (format === 'uri' || /url/i.test(name)) {
    return pick(ctx.random, [
      'https://hooks.example.com/outreach',
      'https://www.linkedin.com/in/ada',
      'not a url',
    ]);
  }
  const min = typeof schema['minLength'] === 'number' ? schema['minLength'] : 0;
  const max = Math.min(typeof schema['maxLength'] === 'number' ? schema['maxLength'] : 40, 40);
  const length = ctx.random.int(Math.min(min, max), Math.max(min, max));
  let text = '';
  while (text.length < length) text += pick(ctx.random, ['a', 'b', 'z', '0', '_', 'é', '-']);
  return text;
}

function numberFor(schema: JsonObject, random: RandomSource, integer: boolean): number {
  const min = typeof schema['minimum'] === 'number' ? schema['minimum'] : -5;
  const max = typeof schema['maximum'] === 'number' ? Math.min(schema['maximum'], min + 1000) : min + 100;
  const value = min + random.next() * (max - min);
  return integer ? Math.round(value) : value;
}

function arrayFor(schema: JsonObject, ctx: ValueContext, name: string, depth: number): unknown[] {
  const min = typeof schema['minItems'] === 'number' ? schema['minItems'] : 0;
  const max = Math.min(typeof schema['maxItems'] === 'number' ? schema['maxItems'] : 4, min + 4);
  const length = ctx.random.int(min, max);
  return Array.from({ length }, () => valueFor(schema['items'], ctx, singular(name), depth + 1));
}

function objectFor(schema: JsonObject, ctx: ValueContext, depth: number): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  const properties = asObject(schema['properties']) ?? {};
  const required = new Set(Array.isArray(schema['required']) ? (schema['required'] as string[]) : []);
  for (const [key, propertySchema] of Object.entries(properties)) {
    if (required.has(key) || ctx.random.next() < 0.5) {
      define(result, key, valueFor(propertySchema, ctx, key, depth + 1));
    }
  }
  const additional = schema['additionalProperties'];
  if (additional !== undefined && additional !== false) {
    for (let n = ctx.random.int(0, 3); n > 0; n -= 1) {
      define(
        result,
        pick(ctx.random, KEY_POOL),
        valueFor(additional === true ? {} : additional, ctx, '', depth + 1),
      );
    }
  } else if (ctx.random.next() < ctx.hostility) {
    define(result, pick(ctx.random, KEY_POOL), 'unknown');
  }
  return result;
}

/** Sets an own property, `__proto__` included, as JSON.parse would. */
function define(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function mergeBase(base: JsonObject, part: unknown): JsonObject {
  return { ...withoutKey(withoutKey(base, 'anyOf'), 'oneOf'), ...(resolve(part) ?? {}) };
}

function withoutKey(schema: JsonObject, key: string): JsonObject {
  const { [key]: _dropped, ...rest } = schema;
  return rest;
}

function singular(name: string): string {
  return name.endsWith('s') ? name.slice(0, -1) : name;
}
