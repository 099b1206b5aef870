/** Building blocks shared by the request schemas. */
import { CORE_VARIABLES } from '@outreach/domain';
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

/** `YYYY-MM-DD` (a whole UTC day) or a date-time with `Z` or an offset. */
export const isoDateOrDateTime = z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
  error: 'must be an ISO 8601 date (YYYY-MM-DD) or date-time with an offset',
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

export const VARIABLE_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/** Custom template variables, name to value. */
export const customVariables = z
  .record(
    z.string().regex(VARIABLE_NAME_PATTERN, { message: 'must be letters, digits or _' }),
    z.string().max(REQUEST_LIMITS.customVariableValueMaxLength),
  )
  .refine((variables) => Object.keys(variables).length <= REQUEST_LIMITS.customVariablesMaxCount, {
    message: `must have at most ${REQUEST_LIMITS.customVariablesMaxCount} variables`,
  });

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
