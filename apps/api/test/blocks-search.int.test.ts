/**
 * Block-list search over HTTP: any part of the public identifier, case-insensitive, the text taken
 * literally (no pattern syntax); `X-Total-Count` counts the matches and `X-Next-Cursor` pages
 * through them, on the workspace list and on a campaign's.
 */
import type { BlockedLead } from '@outreach/contract';
import { describe, expect, it } from 'vitest';
import { createCampaign, useWorkspace } from './support/fixtures.js';
import { useTestApp } from './support/test-app.js';

const app = useTestApp();

const IDENTIFIERS = ['john-doe', 'jane-roe', 'doe-smith', 'JOHNDOE', 'a.b', 'axb', 'star*x', 'paren(1'];

describe('block list search', () => {
  const ws = useWorkspace(app, 'pro');

  async function search(path: string, text: string, more = '') {
    const res = await ws.api.get<BlockedLead[]>(`${path}?search=${encodeURIComponent(text)}${more}`);
    expect(res.status).toBe(200);
    return {
      found: res.body.map((b) => b.publicIdentifier),
      total: res.headers.get('x-total-count'),
      next: res.headers.get('x-next-cursor'),
    };
  }

  it('finds the text anywhere in the identifier, whatever its case', async () => {
    // One request per block, so each has its own date and the order is the order of blocking.
    for (const publicIdentifier of IDENTIFIERS)
      expect((await ws.api.post('/v1/blocked-leads', { leads: [{ publicIdentifier }] })).status).toBe(200);
    expect(await search('/v1/blocked-leads', 'doe')).toEqual({
      found: ['johndoe', 'doe-smith', 'john-doe'],
      total: '3',
      next: null,
    });
    expect((await search('/v1/blocked-leads', 'DOE', '&sort=ASC')).found).toEqual([
      'john-doe',
      'doe-smith',
      'johndoe',
    ]);
    expect(await search('/v1/blocked-leads', 'nobody')).toEqual({ found: [], total: '0', next: null });
  });

  it('takes regular-expression characters literally', async () => {
    expect(await search('/v1/blocked-leads', '.')).toMatchObject({ found: ['a.b'], total: '1' });
    expect(await search('/v1/blocked-leads', '*')).toMatchObject({ found: ['star*x'], total: '1' });
    expect(await search('/v1/blocked-leads', '(')).toMatchObject({ found: ['paren(1'], total: '1' });
    expect(await search('/v1/blocked-leads', 'a.*')).toMatchObject({ found: [], total: '0' });
    expect(await search('/v1/blocked-leads', '[')).toMatchObject({ found: [], total: '0' });
    // URL-decoded twice (as identifiers are): a NUL reaches the pattern, which BSON cannot carry raw.
    expect(await search('/v1/blocked-leads', '%00')).toMatchObject({ found: [], total: '0' });
  });

  it('pages the matches by X-Next-Cursor, each once, with the total of all matches', async () => {
    const all = (await search('/v1/blocked-leads', 'doe')).found;
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await search('/v1/blocked-leads', 'doe', `&limit=1${cursor ? `&after=${cursor}` : ''}`);
      expect(page.total).toBe('3');
      seen.push(...page.found);
      cursor = page.next;
    } while (cursor !== null && seen.length < 10);
    expect(seen).toEqual(all);
    expect((await search('/v1/blocked-leads', 'doe', '&offset=2&limit=1')).found).toEqual([all[2]]);
  });

  it('searches a campaign’s list the same way, and only that list', async () => {
    const campaign = await createCampaign(ws.api);
    const path = `/v1/campaigns/${campaign.id}/blocked-leads`;
    await ws.api.post(path, { publicIdentifiers: ['Mary-Doe', 'mary-roe'] });
    expect(await search(path, 'DOE')).toEqual({ found: ['mary-doe'], total: '1', next: null });
    expect((await search('/v1/blocked-leads', 'mary')).total).toBe('0');
  });
});
