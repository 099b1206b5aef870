/**
 * Connection-string helpers. Backends hand out URIs without a database name (`mongodb://h:p/`,
 * options kept after `?`), and callers choose the database.
 */

const SCHEME = /^(mongodb(?:\+srv)?:\/\/)([^/?]*)(?:\/([^?]*))?(?:\?(.*))?$/;

function parse(uri: string): { scheme: string; hosts: string; query: string | undefined } {
  const match = SCHEME.exec(uri.trim());
  if (match === null) throw new Error(`not a MongoDB connection string: ${redactUri(uri)}`);
  return { scheme: match[1] as string, hosts: match[2] as string, query: match[4] };
}

/** The URI with its database name removed (options are kept). */
export function withoutDatabase(uri: string): string {
  const { scheme, hosts, query } = parse(uri);
  return `${scheme}${hosts}/${query === undefined || query === '' ? '' : `?${query}`}`;
}

/** The URI pointing at `database`, keeping any options. */
export function databaseUri(uri: string, database: string): string {
  const { scheme, hosts, query } = parse(uri);
  return `${scheme}${hosts}/${encodeURIComponent(database)}${query === undefined || query === '' ? '' : `?${query}`}`;
}

/** The URI with any password hidden, for logs. */
export function redactUri(uri: string): string {
  return uri.replace(/\/\/([^/@]*)@/, '//***@');
}
