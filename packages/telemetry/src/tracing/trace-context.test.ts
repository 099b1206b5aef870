/**
 * The stored `traceparent` is what links a runner step or a delivery to the request that caused
 * it: a malformed or absent one must link nothing rather than fail the work, and with tracing off
 * no span is active, so nothing is stored and log lines get no trace fields.
 */
import { describe, expect, it } from 'vitest';
import {
  activeTraceIds,
  currentTraceparent,
  inWorkSpan,
  spanContextOf,
  traceLogFields,
} from './trace-context.js';

describe('spanContextOf', () => {
  it('reads a W3C traceparent as a remote span context', () => {
    expect(spanContextOf('00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01')).toEqual({
      traceId: '4bf92f3577b34da6a3ce929d0e0e4736',
      spanId: '00f067aa0ba902b7',
      traceFlags: 1,
      isRemote: true,
    });
  });

  it('gives nothing for an absent, malformed or all-zero traceparent', () => {
    for (const value of [
      null,
      undefined,
      '',
      'garbage',
      '01-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01',
    ])
      expect(spanContextOf(value)).toBeNull();
    expect(spanContextOf('00-00000000000000000000000000000000-00f067aa0ba902b7-01')).toBeNull();
  });
});

describe('without the SDK (tracing off)', () => {
  it('has no active span, stores no traceparent and adds no log fields, even inside a work span', async () => {
    const seen = await inWorkSpan('test', 'work', { causes: ['garbage', null] }, async () => ({
      ids: activeTraceIds(),
      traceparent: currentTraceparent(),
      fields: traceLogFields(),
    }));
    expect(seen).toEqual({ ids: null, traceparent: null, fields: {} });
  });

  it('passes the work’s failure through', async () => {
    await expect(inWorkSpan('test', 'work', {}, () => Promise.reject(new Error('boom')))).rejects.toThrow(
      'boom',
    );
  });
});
