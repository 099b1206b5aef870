/** The error contract between the rules and the HTTP edge: stable codes, kinds and statuses. */
import { describe, expect, it } from 'vitest';
import {
  DOMAIN_ERROR_CODES,
  DOMAIN_ERROR_KINDS,
  DomainError,
  ERROR_KIND_STATUS,
  ERROR_KINDS,
  assertAllFound,
  assertNotEmpty,
  httpStatusOf,
  isDomainError,
  toErrorBody,
} from './errors.js';

function caught(run: () => void): DomainError {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a DomainError');
}

describe('DomainError', () => {
  it('carries a stable code, a message and optional details', () => {
    const error = new DomainError('account_not_found', 'account not found: acc_1', { missing: ['acc_1'] });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('DomainError');
    expect(error.code).toBe('account_not_found');
    expect(error.message).toBe('account not found: acc_1');
    expect(error.details).toEqual({ missing: ['acc_1'] });
  });

  it('knows its kind and HTTP status from its code', () => {
    const error = new DomainError('campaign_not_active', 'campaign is paused');
    expect(error.kind).toBe('conflict');
    expect(error.statusCode).toBe(409);
    expect(error.details).toBeUndefined();
  });

  it('is recognised by isDomainError and nothing else is', () => {
    expect(isDomainError(new DomainError('invalid_input', 'bad'))).toBe(true);
    expect(isDomainError(new Error('bad'))).toBe(false);
    expect(isDomainError({ code: 'invalid_input' })).toBe(false);
  });
});

describe('the code -> kind -> status table', () => {
  it.each([
    ['invalid_input', 400],
    ['invalid_step_order', 400],
    ['body_too_long', 400],
    ['invalid_template', 400],
    ['invitation_note_too_long', 400],
    ['invalid_api_key', 401],
    ['plan_required', 403],
    ['campaign_not_found', 404],
    ['step_not_found', 404],
    ['variant_not_found', 404],
    ['account_not_found', 404],
    ['lead_not_found', 404],
    ['block_not_found', 404],
    ['conversation_not_found', 404],
    ['subscription_not_found', 404],
    ['lead_file_not_found', 404],
    ['campaign_not_startable', 409],
    ['campaign_not_active', 409],
    ['no_connected_sender', 409],
    ['no_leads', 409],
    ['template_variables_missing', 409],
    ['step_has_no_variants', 409],
    ['last_enabled_variant', 409],
    ['account_not_usable', 422],
    ['password_rejected', 400],
    ['person_required', 403],
    ['owner_only', 403],
    ['agency_role_required', 403],
    ['member_not_found', 404],
    ['invitation_not_found', 404],
    ['api_key_not_found', 404],
    ['session_not_found', 404],
    ['setup_link_invalid', 404],
    ['agency_not_found', 404],
    ['person_not_found', 404],
    ['owner_unchangeable', 409],
    ['agency_admin_unchangeable', 409],
    ['already_member', 409],
    ['sign_in_required', 409],
    ['sign_in_as_invitee', 409],
    ['lead_import_not_found', 404],
    ['invalid_lead_source', 400],
    ['account_tier_required', 422],
    ['search_budget_spent', 409],
  ] as const)('maps %s to %i', (code, status) => {
    expect(httpStatusOf(code)).toBe(status);
  });

  it('lists every code with a known kind', () => {
    expect(DOMAIN_ERROR_CODES).toHaveLength(49);
    for (const code of DOMAIN_ERROR_CODES) expect(ERROR_KINDS).toContain(DOMAIN_ERROR_KINDS[code]);
  });

  it('answers an unknown delivery with 404 and a retry that cannot happen now with 409', () => {
    expect(httpStatusOf('delivery_not_found')).toBe(404);
    expect(httpStatusOf('delivery_in_flight')).toBe(409);
    expect(httpStatusOf('subscription_removed')).toBe(409);
  });

  it('maps the kinds to 400, 401, 403, 404, 409 and 422', () => {
    expect(ERROR_KIND_STATUS).toEqual({
      invalid: 400,
      unauthenticated: 401,
      forbidden: 403,
      not_found: 404,
      conflict: 409,
      unprocessable: 422,
    });
  });
});

describe('toErrorBody', () => {
  it('gives { statusCode, message, code } and details only when there are some', () => {
    expect(toErrorBody(new DomainError('no_leads', 'campaign has no leads'))).toEqual({
      statusCode: 409,
      message: 'campaign has no leads',
      code: 'no_leads',
    });
    expect(toErrorBody(new DomainError('block_not_found', 'x', { missing: ['blk_1'] }))).toEqual({
      statusCode: 404,
      message: 'x',
      code: 'block_not_found',
      details: { missing: ['blk_1'] },
    });
  });
});

describe('assertAllFound', () => {
  it('passes when every requested id was found', () => {
    expect(() => assertAllFound('account_not_found', ['acc_1', 'acc_2'], ['acc_2', 'acc_1'])).not.toThrow();
  });

  it('names every missing id once, in request order', () => {
    const error = caught(() =>
      assertAllFound('block_not_found', ['blk_3', 'blk_1', 'blk_3', 'blk_2'], ['blk_1']),
    );
    expect(error.code).toBe('block_not_found');
    expect(error.message).toBe('block not found: blk_3, blk_2');
    expect(error.details).toEqual({ missing: ['blk_3', 'blk_2'] });
  });
});

describe('assertNotEmpty', () => {
  it('refuses an empty list with invalid_input naming the field', () => {
    const error = caught(() => assertNotEmpty('leads', []));
    expect(error.code).toBe('invalid_input');
    expect(error.message).toBe('leads must not be empty');
  });

  it('accepts a list with one item', () => {
    expect(() => assertNotEmpty('leads', [1])).not.toThrow();
  });
});
