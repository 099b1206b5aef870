import { describe, expect, it } from 'vitest';
import { findPathTemplate } from './path-matching.js';

const templates = [
  '/v1/campaigns',
  '/v1/campaigns/{id}',
  '/v1/campaigns/{campaignId}/pause',
  '/v1/campaigns/{id}/steps/{stepId}',
  '/v1/hooks/subscribe',
  '/v1/hooks/{hookId}',
  '/docs',
];

describe('findPathTemplate', () => {
  it('returns a template given as such', () => {
    expect(findPathTemplate(templates, '/v1/campaigns/{id}')).toBe('/v1/campaigns/{id}');
  });

  it('matches a concrete path, ignoring its query string and a trailing slash', () => {
    expect(findPathTemplate(templates, '/v1/campaigns/cmp_1/pause?force=true')).toBe(
      '/v1/campaigns/{campaignId}/pause',
    );
    expect(findPathTemplate(templates, '/v1/campaigns/cmp_1/steps/stp_2')).toBe(
      '/v1/campaigns/{id}/steps/{stepId}',
    );
    expect(findPathTemplate(templates, '/docs/')).toBe('/docs');
  });

  it('prefers the template with more literal segments', () => {
    expect(findPathTemplate(templates, '/v1/hooks/subscribe')).toBe('/v1/hooks/subscribe');
    expect(findPathTemplate(templates, '/v1/hooks/sub_1')).toBe('/v1/hooks/{hookId}');
  });

  it('finds nothing for an unknown path or an empty parameter', () => {
    expect(findPathTemplate(templates, '/v1/unknown')).toBeUndefined();
    expect(findPathTemplate(templates, '/v1/campaigns//pause')).toBeUndefined();
  });
});
