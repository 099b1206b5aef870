import type { Schema } from 'mongoose';

export interface QueryShape {
  /** Fields the query pins to one value (or a small `$in` list). */
  equality: readonly string[];
  /** The field the query bounds with a range, if any. */
  range?: string;
  /** Sort fields, in order. */
  sort?: readonly string[];
}

/**
 * The name of a declared index that serves the query without a scan or an in-memory sort, by
 * MongoDB's prefix rule: the equality fields make up the index's leading fields (in any order),
 * followed by the sort fields and then the range field (a range on the first sort field is the
 * same field). Undefined when no declared index does.
 */
export function servingIndex(schema: Schema, query: QueryShape): string | undefined {
  for (const [keys] of schema.indexes()) {
    const fields = Object.keys(keys);
    const lead = fields.slice(0, query.equality.length);
    if (lead.length !== query.equality.length || !query.equality.every((field) => lead.includes(field)))
      continue;
    const rest = fields.slice(query.equality.length);
    const ordered = [...(query.sort ?? [])];
    if (query.range !== undefined && ordered[0] !== query.range) ordered.push(query.range);
    if (ordered.every((field, position) => rest[position] === field)) return fields.join('_');
  }
  return undefined;
}
