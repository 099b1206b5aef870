/**
 * Type-level comparison of a zod schema's input type with the type openapi-typescript generated
 * for the same request part. Both directions count: a field, a value or a nullability present on
 * one side only makes the types differ. `contract-drift.test-d.ts` proves it case by case.
 */
import type { z } from 'zod';
import type { OperationId, PathParams, QueryParams, RequestBody } from '../api-types.js';

/**
 * Exact type equality (mutual assignability would miss an extra optional field). It compares
 * how the types behave in a conditional, so `{ a: 1 } & { b: 2 }` and `{ a: 1; b: 2 }` differ;
 * `Normalize` below flattens both sides first.
 */
export type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

type OptionalKeys<T> = { [K in keyof T]-?: Record<never, never> extends Pick<T, K> ? K : never }[keyof T];
type Flatten<T> = { [K in keyof T]: T[K] };

/**
 * Rewrites a type into one canonical form: objects flattened (no intersections), arrays mutable,
 * and optional fields without `| undefined`. zod types an optional field `a?: T | undefined`,
 * openapi-typescript `a?: T`; JSON cannot tell the two apart, so they count as equal.
 */
export type Normalize<T> = T extends readonly (infer Item)[]
  ? Normalize<Item>[]
  : T extends object
    ? string extends keyof T
      ? NormalizeRecord<T>
      : NormalizeObject<T>
    : T;

/** Maps (`Record<string, V>`, or an interface with a string index signature), keyed by string. */
type NormalizeRecord<T> = { [key: string]: Normalize<T[string & keyof T]> };

type NormalizeObject<T> = Flatten<
  { [K in Exclude<keyof T, OptionalKeys<T>>]: Normalize<T[K]> } & {
    [K in OptionalKeys<T>]?: Normalize<Exclude<T[K], undefined>>;
  }
>;

/** Which zod schemas an operation has: path parameters, query string, JSON body. */
export interface OperationSchemas {
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
}

type RequestPart = keyof OperationSchemas;

type DocumentedPart<Id extends OperationId, Part extends RequestPart> = Part extends 'params'
  ? PathParams<Id>
  : Part extends 'query'
    ? QueryParams<Id>
    : RequestBody<Id>;

type SchemaInput<Schemas, Part extends RequestPart> = Schemas extends {
  readonly [K in Part]: infer Schema extends z.ZodType;
}
  ? z.input<Schema>
  : never;

type PartMismatch<Id extends OperationId, Schemas, Part extends RequestPart> = Part extends RequestPart
  ? [DocumentedPart<Id, Part>] extends [never]
    ? [SchemaInput<Schemas, Part>] extends [never]
      ? never
      : `${Id}.${Part}: the document has none`
    : Equal<Normalize<SchemaInput<Schemas, Part>>, Normalize<DocumentedPart<Id, Part>>> extends true
      ? never
      : `${Id}.${Part}: differs from the document`
  : never;

/**
 * The request parts whose zod schema and document disagree, as readable strings; `never` when
 * every operation of the document has exactly the schemas it documents.
 */
export type ContractMismatches<Map> =
  | {
      [Id in OperationId]: Id extends keyof Map
        ? PartMismatch<Id, Map[Id], RequestPart>
        : `${Id}: no schemas`;
    }[OperationId]
  | Exclude<keyof Map & string, OperationId>;

/** Compiles only when `T` is `never`; the error names the offending mismatches. */
export type AssertNoMismatch<T extends never> = T;
