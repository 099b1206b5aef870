import { Decimal128, Long, type Binary, type ObjectId, type Timestamp } from 'bson';

/**
 * MongoDB's order across BSON types, as index keys and sorts use it (canonical type ranks): every
 * value of a lower rank sorts before every value of a higher one. Missing fields are indexed as
 * null. All numeric types share one rank, so 1 (int32), 1.5 (double) and 2n (int64) interleave.
 */
export const TypeRank = {
  MinKey: -1,
  Undefined: 0,
  Null: 5,
  Number: 10,
  String: 15,
  Object: 20,
  Array: 25,
  Binary: 30,
  ObjectId: 35,
  Boolean: 40,
  Date: 45,
  Timestamp: 47,
  RegExp: 50,
  MaxKey: 127,
} as const;

function bsonTag(value: object): string | undefined {
  const tag: unknown = (value as { _bsontype?: unknown })._bsontype;
  return typeof tag === 'string' ? tag : undefined;
}

const TAG_RANKS: Readonly<Record<string, number>> = {
  ObjectId: TypeRank.ObjectId,
  Binary: TypeRank.Binary,
  Long: TypeRank.Number,
  Int32: TypeRank.Number,
  Double: TypeRank.Number,
  Decimal128: TypeRank.Number,
  Timestamp: TypeRank.Timestamp,
  BSONRegExp: TypeRank.RegExp,
  BSONSymbol: TypeRank.String,
  MinKey: TypeRank.MinKey,
  MaxKey: TypeRank.MaxKey,
};

/** The canonical rank of a deserialised BSON value. */
export function typeRank(value: unknown): number {
  if (value === undefined) return TypeRank.Undefined;
  if (value === null) return TypeRank.Null;
  switch (typeof value) {
    case 'number':
    case 'bigint':
      return TypeRank.Number;
    case 'string':
      return TypeRank.String;
    case 'boolean':
      return TypeRank.Boolean;
    case 'object':
      break;
    default:
      return TypeRank.MaxKey;
  }
  if (Array.isArray(value)) return TypeRank.Array;
  if (value instanceof Date) return TypeRank.Date;
  if (value instanceof RegExp) return TypeRank.RegExp;
  const tag = bsonTag(value);
  if (tag !== undefined) return TAG_RANKS[tag] ?? TypeRank.MaxKey;
  return TypeRank.Object;
}

const sign = (n: number): number => (n < 0 ? -1 : n > 0 ? 1 : 0);

/**
 * Compares two values in MongoDB's order. Within a type: numbers by value (NaN lowest), strings
 * by UTF-16 code units (as the query engine the emulator filters with does; MongoDB compares
 * UTF-8 bytes, which differs only for characters outside the Basic Multilingual Plane), documents
 * field by field, arrays element by element, ObjectIds and binaries by bytes, dates by time.
 */
export function compareBson(a: unknown, b: unknown): number {
  // Index keys are mostly strings and dates: those pairs skip the ranking.
  if (typeof a === 'string' && typeof b === 'string') return compareStrings(a, b);
  if (a instanceof Date && b instanceof Date) return compareNumbers(a.getTime(), b.getTime());
  const rankA = typeRank(a);
  const rankB = typeRank(b);
  if (rankA !== rankB) return rankA < rankB ? -1 : 1;
  switch (rankA) {
    case TypeRank.Number:
      return compareNumbers(toNumber(a), toNumber(b));
    case TypeRank.String:
      return compareStrings(String(a), String(b));
    case TypeRank.Object:
      return compareDocuments(a as Record<string, unknown>, b as Record<string, unknown>);
    case TypeRank.Array:
      return compareArrays(a as unknown[], b as unknown[]);
    case TypeRank.Binary:
      return compareBinaries(a as Binary, b as Binary);
    case TypeRank.ObjectId:
      return compareBytes((a as ObjectId).id, (b as ObjectId).id);
    case TypeRank.Boolean:
      return Number(a) - Number(b);
    case TypeRank.Date:
      return compareNumbers((a as Date).getTime(), (b as Date).getTime());
    case TypeRank.Timestamp:
      return compareTimestamps(a as Timestamp, b as Timestamp);
    case TypeRank.RegExp:
      return compareRegExps(a as RegExp, b as RegExp);
    default:
      return 0;
  }
}

function toNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof Long) return value.toNumber();
  if (value instanceof Decimal128) return Number.parseFloat(value.toString());
  return Number((value as { valueOf(): unknown }).valueOf());
}

function compareNumbers(a: number, b: number): number {
  if (Number.isNaN(a) || Number.isNaN(b)) return Number.isNaN(a) ? (Number.isNaN(b) ? 0 : -1) : 1;
  return sign(a - b);
}

function compareStrings(a: string, b: string): number {
  // Equal strings (a workspace id leading a key) answer after one comparison, not two.
  if (a === b) return 0;
  return a < b ? -1 : 1;
}

function compareDocuments(a: Record<string, unknown>, b: Record<string, unknown>): number {
  const entriesA = Object.entries(a);
  const entriesB = Object.entries(b);
  const shared = Math.min(entriesA.length, entriesB.length);
  for (let i = 0; i < shared; i++) {
    const [nameA, valueA] = entriesA[i] as [string, unknown];
    const [nameB, valueB] = entriesB[i] as [string, unknown];
    const byType = sign(typeRank(valueA) - typeRank(valueB));
    if (byType !== 0) return byType;
    const byName = compareStrings(nameA, nameB);
    if (byName !== 0) return byName;
    const byValue = compareBson(valueA, valueB);
    if (byValue !== 0) return byValue;
  }
  return sign(entriesA.length - entriesB.length);
}

function compareArrays(a: readonly unknown[], b: readonly unknown[]): number {
  const shared = Math.min(a.length, b.length);
  for (let i = 0; i < shared; i++) {
    const byValue = compareBson(a[i], b[i]);
    if (byValue !== 0) return byValue;
  }
  return sign(a.length - b.length);
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const shared = Math.min(a.length, b.length);
  for (let i = 0; i < shared; i++) {
    if (a[i] !== b[i]) return (a[i] as number) < (b[i] as number) ? -1 : 1;
  }
  return sign(a.length - b.length);
}

/** MongoDB orders binaries by length, then subtype, then bytes. */
function compareBinaries(a: Binary, b: Binary): number {
  if (a.length() !== b.length()) return a.length() < b.length() ? -1 : 1;
  if (a.sub_type !== b.sub_type) return a.sub_type < b.sub_type ? -1 : 1;
  return compareBytes(a.value(), b.value());
}

function compareTimestamps(a: Timestamp, b: Timestamp): number {
  return sign(a.t - b.t) || sign(a.i - b.i);
}

function compareRegExps(a: RegExp, b: RegExp): number {
  return compareStrings(a.source, b.source) || compareStrings(a.flags, b.flags);
}
