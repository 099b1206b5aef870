import {
  conversationUrn as domainConversationUrn,
  eventId,
  ID_PREFIXES as DOMAIN_ID_PREFIXES,
} from '@outreach/domain';
import { describe, expect, it } from 'vitest';
import * as db from '../index.js';
import { asWorkspaceId, isId, newId, type WorkspaceId } from './public-ids.js';

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

  it('keeps exporting the domain id rules under the names this package always used', () => {
    expect(db.ID_PREFIXES).toBe(DOMAIN_ID_PREFIXES);
    expect(db.conversationUrn).toBe(domainConversationUrn);
    expect(db.eventIdFor).toBe(eventId);
    const id = newId('conversation');
    expect(db.conversationIdFromUrn(db.conversationUrn(id))).toBe(id);
  });
});
