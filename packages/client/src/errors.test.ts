import { describe, expect, it } from 'vitest';
import { errorFromResponse, retryAfterMs, ServerError, ValidationError } from './errors.js';

describe('retryAfterMs', () => {
  it('reads delta seconds and HTTP dates, and ignores what is neither', () => {
    const now = Date.parse('2026-11-21T10:00:00Z');
    expect(retryAfterMs(new Headers({ 'retry-after': '7' }), now)).toBe(7000);
    expect(retryAfterMs(new Headers({ 'retry-after': 'Sat, 21 Nov 2026 10:00:30 GMT' }), now)).toBe(30_000);
    expect(retryAfterMs(new Headers({ 'retry-after': 'soon' }), now)).toBeUndefined();
    expect(retryAfterMs(new Headers(), now)).toBeUndefined();
  });
});

describe('errorFromResponse', () => {
  it('falls back to the status text when the body is not the error shape', async () => {
    const error = await errorFromResponse(new Response('<html>', { status: 502, statusText: 'Bad Gateway' }));
    expect(error).toBeInstanceOf(ServerError);
    expect(error.message).toBe('Bad Gateway');
  });

  it('maps 413 and 415 to ValidationError', async () => {
    const body = JSON.stringify({ statusCode: 415, message: 'use application/json' });
    expect(await errorFromResponse(new Response(body, { status: 415 }))).toBeInstanceOf(ValidationError);
  });
});
