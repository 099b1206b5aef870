/** Building blocks shared by the request schemas. */
import { CORE_VARIABLES, VARIABLE_NAME_PATTERN, variableNameProblem } from '@outreach/domain';
import { z } from 'zod';
import { REQUEST_LIMITS } from './request-limits.js';

/**
 * An id in a path, query or body. Its shape is not checked: an id that does not exist in the
 * workspace, whatever its form, is a 404, never a 400.
 */
export const idValue = z.string().min(1).max(REQUEST_LIMITS.idMaxLength);

/** A non-empty list of ids to act on, at most 1000. */
export const idList = z.array(idValue).min(1).max(REQUEST_LIMITS.maxItemsPerRequest);

/** Text that must hold something besides white space; surrounding white space is removed. */
export function trimmedText(maxLength: number) {
  return z.string().trim().min(1).max(maxLength);
}

export const publicIdentifier = trimmedText(REQUEST_LIMITS.publicIdentifierMaxLength);

/** A message template: variant bodies and step fallbacks. */
export const templateBody = z.string().max(REQUEST_LIMITS.templateMaxLength);

/** Years outside these are no analytics date anyone means (`0000-01-01`, `9999-12-31T…+…`). */
export const ISO_DATE_YEAR_PATTERN = /^(19[7-9]\d|[2-9]\d{3})-/;

/** `YYYY-MM-DD` (a whole UTC day) or a date-time with `Z` or an offset, in the years 1970 to 9999. */
export const isoDateOrDateTime = z
  .union([z.iso.date(), z.iso.datetime({ offset: true })], {
    error: 'must be an ISO 8601 date (YYYY-MM-DD) or date-time with an offset',
  })
  .refine((value) => ISO_DATE_YEAR_PATTERN.test(value), { message: 'must be in the years 1970 to 9999' });

/**
 * Free text to look for in names or identifiers. Control characters (NUL included) match nothing a
 * user can type and some drivers refuse them, so they are refused here.
 */
export const searchText = trimmedText(REQUEST_LIMITS.searchMaxLength).regex(/^\P{Cc}*$/u, {
  message: 'must not contain control characters',
});

const IANA_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/;

/** True for names the runtime's time-zone database knows, such as `Europe/Berlin` or `UTC`. */
export function isIanaTimeZone(name: string): boolean {
  if (!IANA_NAME.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export const timeZone = z
  .string()
  .min(1)
  .max(REQUEST_LIMITS.timeZoneMaxLength)
  .refine(isIanaTimeZone, { message: 'must be an IANA time zone such as Europe/Berlin' });

export { VARIABLE_NAME_PATTERN };

/**
 * Custom template variables, name to value. Names follow the domain's one rule for campaigns and
 * leads. They are checked on the object as parsed from JSON, before anything copies it: a
 * `__proto__` key is an own key there, while a copy would silently swallow it.
 */
const customVariablesRecord = z
  .record(z.string(), z.string().max(REQUEST_LIMITS.customVariableValueMaxLength))
  .refine((variables) => Object.keys(variables).length <= REQUEST_LIMITS.customVariablesMaxCount, {
    message: `must have at most ${REQUEST_LIMITS.customVariablesMaxCount} variables`,
  });

export const customVariables = z.preprocess<unknown, typeof customVariablesRecord, Record<string, string>>(
  (value, ctx) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
    for (const name of Object.keys(value)) {
      const problem = variableNameProblem(name);
      if (problem !== null) {
        ctx.issues.push({ code: 'custom', message: `variable name ${problem}`, path: [name], input: value });
      }
    }
    return value;
  },
  customVariablesRecord,
);

/** Core variables to switch on or off; names other than the eight core ones are refused. */
export const coreVariablesInput = z.partialRecord(z.enum(CORE_VARIABLES), z.boolean());

/** Object bodies of partial updates must change something. */
export function hasAnyField(value: object): boolean {
  return Object.values(value).some((field) => field !== undefined);
}

/**
 * A boolean sent in a query string: only `true` and `false` are accepted (a plain coercion would
 * read `"false"` as true). The input type stays `boolean`, the type the document gives the value.
 */
export const queryBoolean = z.preprocess<unknown, z.ZodBoolean, boolean>(parseBooleanText, z.boolean());

function parseBooleanText(value: unknown): unknown {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return value;
}

/** An integer sent in a query string (its input type is `number`, as in the document). */
export function queryInteger() {
  return z.coerce.number<number>().int();
}
