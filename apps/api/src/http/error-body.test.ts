import { DomainError } from '@outreach/domain';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toErrorBody } from './error-body.js';
import { HttpError } from './http-error.js';

describe('toErrorBody', () => {
  it('keeps the status, code and details of an HTTP error', () => {
    const error = new HttpError(415, 'wrong type', { code: 'unsupported_media_type' });
    expect(toErrorBody(error, 'r1')).toEqual({
      statusCode: 415,
      message: 'wrong type',
      code: 'unsupported_media_type',
    });
  });

  it('maps a domain error to the status of its kind with its code and details', () => {
    const error = new DomainError('account_not_found', 'account not found: acc_1', { missing: ['acc_1'] });
    expect(toErrorBody(error, 'r1')).toEqual({
      statusCode: 404,
      message: 'account not found: acc_1',
      code: 'account_not_found',
      details: { missing: ['acc_1'] },
    });
    expect(toErrorBody(new DomainError('last_enabled_variant', 'no'), 'r1').statusCode).toBe(409);
    expect(toErrorBody(new DomainError('plan_required', 'no'), 'r1').statusCode).toBe(403);
    expect(toErrorBody(new DomainError('account_not_usable', 'no'), 'r1').statusCode).toBe(422);
  });

  it('answers a validation failure with 400 naming the offending field', () => {
    const result = z.object({ name: z.string() }).safeParse({ name: 3 });
    if (result.success) throw new Error('expected a validation failure');
    const body = toErrorBody(result.error, 'r1');
    expect(body.statusCode).toBe(400);
    expect(body.message).toContain('name');
  });

  it('recognises the body parser failures', () => {
    expect(
      toErrorBody(Object.assign(new Error('x'), { type: 'entity.parse.failed', status: 400 }), 'r')
        .statusCode,
    ).toBe(400);
    expect(
      toErrorBody(Object.assign(new Error('x'), { type: 'entity.too.large', status: 413 }), 'r').statusCode,
    ).toBe(413);
    expect(
      toErrorBody(Object.assign(new Error('x'), { type: 'charset.unsupported', status: 415 }), 'r')
        .statusCode,
    ).toBe(415);
  });

  it('hides the message of a framework client error that is not meant to be shown', () => {
    const error = Object.assign(new Error("Failed to decode param '%E0'"), { status: 400 });
    expect(toErrorBody(error, 'r1')).toEqual({ statusCode: 400, message: 'Bad Request' });
  });

  it('turns anything unexpected into a generic 500 carrying the request id and nothing else', () => {
    const body = toErrorBody(
      new TypeError('cannot read properties of undefined (secret internals)'),
      'req-42',
    );
    expect(body).toEqual({
      statusCode: 500,
      message: 'internal server error (request id req-42)',
      code: 'internal_error',
      details: { requestId: 'req-42' },
    });
  });
});
