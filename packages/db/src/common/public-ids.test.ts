import { describe, expect, it } from 'vitest';
import {
  asWorkspaceId,
  conversationIdFromUrn,
  conversationUrn,
  eventIdFor,
  isId,
  newId,
  type WorkspaceId,
} from './public-ids.js';

describe('public ids', () => {
  it('are the kind prefix and 24 lowercase hex characters', () => {
    expect(newId('campaign')).toMatch(/^cmp_[0-9a-f]{24}$/);
    expect(newId('delivery')).toMatch(/^dlv_[0-9a-f]{24}$/);
    expect(isId('lead', newId('lead'))).toBe(true);
    expect(isId('lead', newId('campaign'))).toBe(false);
  });

  it('sort by creation, which the lead list order relies on', () => {
    const ids = Array.from({ length: 50 }, () => newId('lead'));
    expect([...ids].sort()).toEqual(ids);
  });

  it('brands only well-formed workspace ids', () => {
    const id: WorkspaceId = asWorkspaceId('ws_0123456789abcdef01234567');
    expect(id).toBe('ws_0123456789abcdef01234567');
    expect(() => asWorkspaceId('cmp_0123456789abcdef01234567')).toThrow(/not a workspace id/);
    // @ts-expect-error a bare string is not a WorkspaceId: repositories cannot be called without one
    const bare: WorkspaceId = 'ws_0123456789abcdef01234567';
    expect(bare).toBeDefined();
  });

  it('round-trips conversation URNs and rejects foreign ones', () => {
    const id = newId('conversation');
    expect(conversationUrn(id)).toBe(`urn:outreach:conversation:${id}`);
    expect(conversationIdFromUrn(conversationUrn(id))).toBe(id);
    expect(conversationIdFromUrn(`urn:other:conversation:${id}`)).toBeNull();
    expect(conversationIdFromUrn('urn:outreach:conversation:led_0123456789abcdef01234567')).toBeNull();
  });

  it('derives event ids from type and transition key only', () => {
    const id = eventIdFor('campaign_completed', 'cmp_1:2');
    expect(id).toMatch(/^evt_[0-9a-f]{24}$/);
    expect(eventIdFor('campaign_completed', 'cmp_1:2')).toBe(id);
    expect(eventIdFor('campaign_completed', 'cmp_1:3')).not.toBe(id);
    expect(eventIdFor('campaign_without_leads', 'cmp_1:2')).not.toBe(id);
    // sha256("campaign_completed:cmp_1:2"), first 24 hex characters
    expect(id).toBe('evt_756fddc735eb0d2f9cca30ea');
  });
});
