/** The exposition parser and the id check the apps' metric tests rely on to assert anything. */
import { describe, expect, it } from 'vitest';
import { labelOffences, looksLikeId, parseExposition, sampleValue } from './exposition.js';

const TEXT = [
  '# HELP runner_steps_total Steps',
  '# TYPE runner_steps_total counter',
  'runner_steps_total{step_type="message",outcome="advanced",reason="none"} 3',
  'runner_steps_total{step_type="invitation",outcome="waiting",reason="invitation_pending"} 2',
  'http_server_request_duration_seconds_bucket{le="+Inf",method="GET",route="/v1/campaigns/:id",status_code="404"} 1',
  'process_start_time_seconds 1700000000',
  '',
].join('\n');

describe('parseExposition', () => {
  it('reads names, labels and values, skipping comments', () => {
    const samples = parseExposition(TEXT);
    expect(samples).toHaveLength(4);
    expect(samples[0]).toEqual({
      name: 'runner_steps_total',
      labels: { step_type: 'message', outcome: 'advanced', reason: 'none' },
      value: 3,
    });
    expect(sampleValue(samples, 'runner_steps_total')).toBe(5);
    expect(sampleValue(samples, 'runner_steps_total', { outcome: 'waiting' })).toBe(2);
    expect(sampleValue(samples, 'http_server_request_duration_seconds_bucket', { le: '+Inf' })).toBe(1);
    expect(sampleValue(samples, 'absent_metric')).toBe(0);
  });

  it('refuses a line that is not a sample', () => {
    expect(() => parseExposition('runner_steps_total{oops 1 2 3 4')).toThrow(/not an exposition line/);
  });
});

describe('labelOffences', () => {
  it('names labels off the allow-list and values that look like ids', () => {
    const samples = parseExposition(
      [
        'runner_steps_total{step_type="message",campaign="cmp_65f0c2a1b3d4e5f6a7b8c9d0"} 1',
        'runner_steps_total{step_type="lead_65f0c2a1b3d4e5f6a7b8c9d0"} 1',
        'http_server_request_duration_seconds_count{route="/v1/campaigns/:id"} 1',
        'other_metric{anything="65f0c2a1b3d4e5f6a7b8c9d0"} 1',
      ].join('\n'),
    );
    expect(
      labelOffences(samples, { prefixes: ['runner_', 'http_'], allowedLabels: ['step_type', 'route'] }),
    ).toEqual([
      'runner_steps_total: label campaign is not on the allow-list',
      'runner_steps_total: step_type="lead_65f0c2a1b3d4e5f6a7b8c9d0" looks like an id',
    ]);
  });

  it('tells ids from the vocabularies labels hold', () => {
    for (const id of [
      'ws_65f0c2a1b3d4e5f6a7b8c9d0',
      '3f2a9c1e-0b7d-4a6f-8e5c-2b1a00000000',
      '/v1/leads/123456',
      'okey_AbCdEfGhIjKlMnOpQrStUvWx',
    ])
      expect(looksLikeId(id), id).toBe(true);
    for (const value of [
      'visit_profile',
      'awaiting_working_hours',
      '/v1/campaigns/:campaignId/leads',
      'sales_navigator',
      '0.005',
      '+Inf',
    ])
      expect(looksLikeId(value), value).toBe(false);
  });
});
