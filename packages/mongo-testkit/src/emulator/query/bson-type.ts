import type { Document } from 'bson';
import { isPlainObject, valuesAtPath } from '../storage/bson-values.js';
import { badValue } from '../mongo-error.js';

/** MongoDB's type names (`$type` aliases) and their numeric codes. */
const ALIASES: Readonly<Record<string, number>> = {
  double: 1,
  string: 2,
  object: 3,
  array: 4,
  binData: 5,
  undefined: 6,
  objectId: 7,
  bool: 8,
  date: 9,
  null: 10,
  regex: 11,
  dbPointer: 12,
  javascript: 13,
  symbol: 14,
  javascriptWithScope: 15,
  int: 16,
  timestamp: 17,
  long: 18,
  decimal: 19,
  minKey: -1,
  maxKey: 127,
};
const CODES = new Set(Object.values(ALIASES));
const NUMBER_CODES = [1, 16, 18, 19];

const TAG_CODES: Readonly<Record<string, number>> = {
  ObjectId: 7,
  Binary: 5,
  Timestamp: 17,
  Long: 18,
  Int32: 16,
  Double: 1,
  Decimal128: 19,
  BSONRegExp: 11,
  BSONSymbol: 14,
  MinKey: -1,
  MaxKey: 127,
  DBRef: 3,
};

/**
 * The BSON type code a stored value has, as it is sent back: JavaScript numbers that are whole and
 * fit 32 bits travel as int32, other numbers as double (the emulator keeps numbers as numbers).
 */
export function bsonTypeCode(value: unknown): number {
  if (value === null) return 10;
  if (value === undefined) return 6;
  if (typeof value === 'number') return Number.isInteger(value) && value === (value | 0) ? 16 : 1;
  if (typeof value === 'bigint') return 18;
  if (typeof value === 'string') return 2;
  if (typeof value === 'boolean') return 8;
  if (value instanceof Date) return 9;
  if (value instanceof RegExp) return 11;
  if (Array.isArray(value)) return 4;
  const tag: unknown = (value as { _bsontype?: unknown })._bsontype;
  if (typeof tag === 'string') {
    if (tag === 'Code') return (value as { scope?: unknown }).scope ? 15 : 13;
    return TAG_CODES[tag] ?? 3;
  }
  return 3;
}

/** The codes a `$type` argument names; unknown names and codes are refused as MongoDB does. */
export function expectedTypeCodes(argument: unknown): Set<number> {
  const codes = new Set<number>();
  for (const entry of Array.isArray(argument) ? argument : [argument]) {
    if (entry === 'number') for (const code of NUMBER_CODES) codes.add(code);
    else if (typeof entry === 'string') {
      const code = ALIASES[entry];
      if (code === undefined) throw badValue(`Unknown type name alias: ${entry}`);
      codes.add(code);
    } else if (typeof entry === 'number') {
      if (!Number.isInteger(entry) || !CODES.has(entry))
        throw badValue(`Invalid numerical type code: ${entry}`);
      codes.add(entry);
    } else {
      throw badValue('type must be represented as a number or a string');
    }
  }
  return codes;
}

const NAMES = new Map(Object.entries(ALIASES).map(([name, code]) => [code, name]));

/** The `$type` aggregation expression: the type name of a value, `missing` for a missing field. */
export function typeName(value: unknown): string {
  return value === undefined ? 'missing' : (NAMES.get(bsonTypeCode(value)) ?? 'object');
}

/**
 * The `$type` query operator, in place of mingo's (which knows neither ObjectId, binary data nor
 * timestamps, and takes every whole number for an int and a long). A field matches when it, or an
 * element of an array it holds, has one of the types; a missing field matches nothing.
 */
export function $type(selector: string, argument: unknown): (doc: Document) => boolean {
  const codes = expectedTypeCodes(argument);
  const path = selector.split('.');
  return (doc) => {
    const holder: unknown = isPlainObject(doc) ? doc : { value: doc };
    return valuesAtPath(holder, path, 'skip').some((value) => codes.has(bsonTypeCode(value)));
  };
}
