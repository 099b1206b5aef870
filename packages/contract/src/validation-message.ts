/**
 * Turns a ZodError into what the `400` answer carries: a short message naming the fields, and the
 * list of `{ path, message }` problems for `details`.
 */
import type { z } from 'zod';

export interface ValidationProblem {
  /** Where the problem is, such as `leads[3].email`; the root label when it is the whole input. */
  readonly path: string;
  readonly message: string;
}

export interface FormatOptions {
  /** Names the input itself when a problem has no path: `body` (default), `query` or `path`. */
  readonly root?: string;
  /** Problems spelled out in the message before "and N more" (default 3). */
  readonly maxProblems?: number;
}

/** One problem per issue, and one per unknown field. */
export function zodErrorDetails(error: z.ZodError, options: FormatOptions = {}): ValidationProblem[] {
  const root = options.root ?? 'body';
  const problems = error.issues.flatMap((issue) => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({
        path: formatPath([...issue.path, key], root),
        message: 'unknown field',
      }));
    }
    return [{ path: formatPath(issue.path, root), message: describeIssue(issue) }];
  });
  // Two checks of one field can fail with the same words (a URL both unparsable and not http).
  const seen = new Set<string>();
  return problems.filter((problem) => {
    const key = `${problem.path}\u0000${problem.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** `leads[0].email: must be a valid email; name: is required` */
export function formatZodError(error: z.ZodError, options: FormatOptions = {}): string {
  const maxProblems = options.maxProblems ?? 3;
  const problems = zodErrorDetails(error, options);
  const shown = problems.slice(0, maxProblems).map((problem) => `${problem.path}: ${problem.message}`);
  const hidden = problems.length - shown.length;
  return hidden > 0 ? `${shown.join('; ')}; and ${hidden} more` : shown.join('; ');
}

function formatPath(path: readonly PropertyKey[], root: string): string {
  if (path.length === 0) return root;
  return path
    .map((segment, index) => {
      if (typeof segment === 'number') return `[${segment}]`;
      const name = String(segment);
      return index === 0 ? name : `.${name}`;
    })
    .join('');
}

/** zod's own English messages; a message written in a schema is kept as it is. */
const ZOD_DEFAULT_MESSAGE = /^(Invalid|Too (big|small)|Unrecognized)/;

function describeIssue(issue: z.core.$ZodIssue): string {
  if (!ZOD_DEFAULT_MESSAGE.test(issue.message)) return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      // zod reports a missing field as a value of type undefined.
      return issue.message.endsWith('received undefined')
        ? 'is required'
        : `must be ${article(issue.expected)}`;
    case 'too_big':
      return `must ${sizeBound('at most', issue.maximum, issue.origin)}`;
    case 'too_small':
      return isEmptinessCheck(issue.minimum, issue.origin)
        ? 'must not be empty'
        : `must ${sizeBound('at least', issue.minimum, issue.origin)}`;
    case 'invalid_value':
      return `must be one of ${issue.values.map((value) => String(value)).join(', ')}`;
    case 'invalid_format':
      return issue.format === 'regex'
        ? 'has an invalid format'
        : `must be a valid ${formatName(issue.format)}`;
    case 'invalid_key':
      return describeKeyIssue(issue.issues);
    default:
      return issue.message;
  }
}

/** A record key was refused: say why when the schema of the keys says it. */
function describeKeyIssue(keyIssues: readonly { readonly message: string }[]): string {
  const custom = keyIssues
    .map((issue) => issue.message)
    .find((message) => !ZOD_DEFAULT_MESSAGE.test(message));
  return custom === undefined ? 'is not an allowed name' : `name ${custom}`;
}

function sizeBound(bound: string, limit: number | bigint, origin: string): string {
  if (origin === 'string') return `be ${bound} ${limit} characters`;
  if (origin === 'array' || origin === 'set') return `have ${bound} ${limit} items`;
  return `be ${bound} ${limit}`;
}

function isEmptinessCheck(minimum: number | bigint, origin: string): boolean {
  return Number(minimum) === 1 && (origin === 'string' || origin === 'array');
}

function formatName(format: string): string {
  return { datetime: 'ISO 8601 date-time', date: 'ISO 8601 date', url: 'URL' }[format] ?? format;
}

function article(expected: string): string {
  return /^[aeiou]/.test(expected) ? `an ${expected}` : `a ${expected}`;
}
