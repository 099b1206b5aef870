/**
 * The product's typed errors. Rules throw `DomainError` with a stable code; the HTTP edge maps the
 * code's kind to a status with `httpStatusOf`, so no rule ever needs to know about HTTP.
 */

/** Families of failures, each answered by one HTTP status. */
export const ERROR_KIND_STATUS = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unprocessable: 422,
} as const;
export type ErrorKind = keyof typeof ERROR_KIND_STATUS;
export const ERROR_KINDS = Object.keys(ERROR_KIND_STATUS) as readonly ErrorKind[];

/** Every stable error code and the kind it belongs to. Codes are part of the public API. */
export const DOMAIN_ERROR_KINDS = {
  invalid_input: 'invalid',
  invalid_step_order: 'invalid',
  body_too_long: 'invalid',
  invalid_template: 'invalid',
  invitation_note_too_long: 'invalid',
  unknown_ai_tool: 'invalid',
  ai_tool_not_enabled: 'invalid',
  invalid_api_key: 'unauthenticated',
  plan_required: 'forbidden',
  campaign_not_found: 'not_found',
  step_not_found: 'not_found',
  variant_not_found: 'not_found',
  account_not_found: 'not_found',
  lead_not_found: 'not_found',
  block_not_found: 'not_found',
  conversation_not_found: 'not_found',
  subscription_not_found: 'not_found',
  delivery_not_found: 'not_found',
  lead_file_not_found: 'not_found',
  lead_import_not_found: 'not_found',
  campaign_not_startable: 'conflict',
  campaign_not_active: 'conflict',
  no_connected_sender: 'conflict',
  no_leads: 'conflict',
  template_variables_missing: 'conflict',
  step_has_no_variants: 'conflict',
  last_enabled_variant: 'conflict',
  delivery_in_flight: 'conflict',
  subscription_removed: 'conflict',
  account_not_usable: 'unprocessable',
  invalid_lead_source: 'invalid',
  account_tier_required: 'unprocessable',
  search_budget_spent: 'conflict',
  password_rejected: 'invalid',
  person_required: 'forbidden',
  owner_only: 'forbidden',
  agency_role_required: 'forbidden',
  member_not_found: 'not_found',
  invitation_not_found: 'not_found',
  api_key_not_found: 'not_found',
  session_not_found: 'not_found',
  setup_link_invalid: 'not_found',
  agency_not_found: 'not_found',
  person_not_found: 'not_found',
  owner_unchangeable: 'conflict',
  agency_admin_unchangeable: 'conflict',
  already_member: 'conflict',
  sign_in_required: 'conflict',
  sign_in_as_invitee: 'conflict',
} as const satisfies Record<string, ErrorKind>;

export type DomainErrorCode = keyof typeof DOMAIN_ERROR_KINDS;
export const DOMAIN_ERROR_CODES = Object.keys(DOMAIN_ERROR_KINDS) as readonly DomainErrorCode[];

/**
 * Structured facts about a failure (e.g. the ids that were not found), safe to show to a caller;
 * a list when the failure is one entry per item (e.g. each template variable a start lacks).
 */
export type DomainErrorDetails = Readonly<Record<string, unknown>> | readonly unknown[];

export class DomainError extends Error {
  readonly code: DomainErrorCode;
  readonly details: DomainErrorDetails | undefined;

  constructor(code: DomainErrorCode, message: string, details?: DomainErrorDetails) {
    super(message);
    this.name = 'DomainError';
    this.code = code;
    this.details = details;
  }

  get kind(): ErrorKind {
    return DOMAIN_ERROR_KINDS[this.code];
  }

  get statusCode(): number {
    return httpStatusOf(this.code);
  }
}

export function isDomainError(value: unknown): value is DomainError {
  return value instanceof DomainError;
}

export function httpStatusOf(code: DomainErrorCode): number {
  return ERROR_KIND_STATUS[DOMAIN_ERROR_KINDS[code]];
}

/** The error body every API response uses: `{ statusCode, message, code, details? }`. */
export interface ErrorBody {
  statusCode: number;
  message: string;
  code: DomainErrorCode;
  details?: DomainErrorDetails;
}

export function toErrorBody(error: DomainError): ErrorBody {
  const body: ErrorBody = { statusCode: error.statusCode, message: error.message, code: error.code };
  if (error.details !== undefined) body.details = error.details;
  return body;
}

/**
 * Throws `code` when some requested ids were not found, naming every missing one, so a request that
 * references unknown records changes nothing (all or nothing).
 */
export function assertAllFound(
  code: Extract<DomainErrorCode, `${string}_not_found`>,
  requested: readonly string[],
  found: Iterable<string>,
): void {
  const known = new Set(found);
  const missing = [...new Set(requested)].filter((id) => !known.has(id));
  if (missing.length > 0) {
    const noun = code.replace(/_not_found$/, '');
    throw new DomainError(code, `${noun} not found: ${missing.join(', ')}`, { missing });
  }
}

/** Throws `invalid_input` for an empty list where the spec requires at least one item. */
export function assertNotEmpty<T>(field: string, items: readonly T[]): void {
  if (items.length === 0) {
    throw new DomainError('invalid_input', `${field} must not be empty`, { field });
  }
}
