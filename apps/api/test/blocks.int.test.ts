/**
 * Block lists: workspace blocks (idempotent, listed newest first with X-Total-Count, removed all or
 * nothing), campaign blocks (Pro or Agency only), and workspace block precedence.
 */
import type { BlockedLead, BlockResult, UnblockResult } from '@outreach/contract';
import { describe, expect, it } from 'vitest';
import { addLeads, createCampaign, createWorkspace, unknownId, useWorkspace } from './support/fixtures.js';
import { useTestApp } from './support/test-app.js';

const app = useTestApp();

describe('workspace block list', () => {
  const ws = useWorkspace(app, 'starter');

  it('blocks identifiers once: blocked counts only new blocks', async () => {
    const first = await ws.api.post<BlockResult>('/v1/blocked-leads', {
      leads: [
        { publicIdentifier: 'jonas-weber', reason: 'Existing customer' },
        { publicIdentifier: 'Lena-Fischer' },
      ],
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, blocked: 2 });
    const again = await ws.api.post<BlockResult>('/v1/blocked-leads', {
      leads: [
        { publicIdentifier: 'lena-fischer' },
        { publicIdentifier: 'marco-rossi' },
        { publicIdentifier: 'marco-rossi' },
      ],
    });
    expect(again.body.blocked).toBe(1);
  });

  it('lists blocks newest first with the total in X-Total-Count, sorted, searched and paged', async () => {
    const res = await ws.api.get<BlockedLead[]>('/v1/blocked-leads');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total-count')).toBe('3');
    expect(res.body).toHaveLength(3);
    expect(res.body[0]).toMatchObject({ workspaceId: ws.workspaceId, campaignId: null });
    const jonas = res.body.find((b) => b.publicIdentifier === 'jonas-weber');
    expect(jonas?.reason).toBe('Existing customer');
    const dates = res.body.map((b) => b.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);

    const ascending = await ws.api.get<BlockedLead[]>('/v1/blocked-leads?sort=ASC');
    expect(ascending.body.map((b) => b.id)).toEqual([...res.body].reverse().map((b) => b.id));
    const searched = await ws.api.get<BlockedLead[]>('/v1/blocked-leads?search=LENA-F');
    expect(searched.body.map((b) => b.publicIdentifier)).toEqual(['lena-fischer']);
    expect(searched.headers.get('x-total-count')).toBe('1');
    const paged = await ws.api.get<BlockedLead[]>('/v1/blocked-leads?offset=1&limit=1');
    expect(paged.body).toHaveLength(1);
    expect(paged.headers.get('x-total-count')).toBe('3');
    expect((await ws.api.get('/v1/blocked-leads?sort=NEWEST')).status).toBe(400);
  });

  it('searches any part of the identifier, as identifiers are stored', async () => {
    const starts = await ws.api.get<BlockedLead[]>('/v1/blocked-leads?search=%20Marco');
    expect(starts.body.map((b) => b.publicIdentifier)).toEqual(['marco-rossi']);
    const inside = await ws.api.get<BlockedLead[]>('/v1/blocked-leads?search=ROSSI');
    expect(inside.body.map((b) => b.publicIdentifier)).toEqual(['marco-rossi']);
    expect(inside.headers.get('x-total-count')).toBe('1');
  });

  it('pages by the X-Next-Cursor header, unshifted by blocks added meanwhile', async () => {
    const first = await ws.api.get<BlockedLead[]>('/v1/blocked-leads?limit=2');
    const cursor = first.headers.get('x-next-cursor');
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    await ws.api.post('/v1/blocked-leads', { leads: [{ publicIdentifier: 'late-arrival' }] });
    const rest = await ws.api.get<BlockedLead[]>(`/v1/blocked-leads?limit=2&after=${cursor ?? ''}`);
    expect(rest.status).toBe(200);
    const all = (await ws.api.get<BlockedLead[]>('/v1/blocked-leads')).body.map((b) => b.id);
    expect([...first.body, ...rest.body].map((b) => b.id)).toEqual(all.filter((_, i) => i > 0));
    expect(rest.headers.get('x-next-cursor')).toBeNull();
    const wrong = await ws.api.get(`/v1/blocked-leads?sort=ASC&after=${cursor ?? ''}`);
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'invalid_cursor' });
    await ws.api.delete('/v1/blocked-leads', [all[0]]);
  });

  it('refuses an empty list, a missing identifier and over 1000 entries with 400', async () => {
    expect((await ws.api.post('/v1/blocked-leads', { leads: [] })).status).toBe(400);
    expect((await ws.api.post('/v1/blocked-leads', { leads: [{ reason: 'no id' }] })).status).toBe(400);
    const many = Array.from({ length: 1001 }, (_, i) => ({ publicIdentifier: `p${i}` }));
    expect((await ws.api.post('/v1/blocked-leads', { leads: many })).status).toBe(400);
    expect((await ws.api.get('/v1/blocked-leads')).headers.get('x-total-count')).toBe('3');
  });

  it('unblocks by block id, all or nothing', async () => {
    const list = (await ws.api.get<BlockedLead[]>('/v1/blocked-leads')).body;
    const [one, two] = list;
    const missing = unknownId('blk');
    const refused = await ws.api.delete<{ message: string }>('/v1/blocked-leads', [one?.id, missing]);
    expect(refused.status).toBe(404);
    expect(refused.body.message).toContain(missing);
    expect((await ws.api.get('/v1/blocked-leads')).headers.get('x-total-count')).toBe('3');
    // A public identifier is not a block id.
    expect((await ws.api.delete('/v1/blocked-leads', ['jonas-weber'])).status).toBe(404);

    const res = await ws.api.delete<UnblockResult>('/v1/blocked-leads', [one?.id, two?.id]);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, unblocked: 2 });
    expect((await ws.api.get('/v1/blocked-leads')).headers.get('x-total-count')).toBe('1');
    expect((await ws.api.delete('/v1/blocked-leads', [])).status).toBe(400);
  });

  it('lets an unblocked lead be added to campaigns again', async () => {
    await ws.api.post('/v1/blocked-leads', { leads: [{ publicIdentifier: 'comeback' }] });
    const campaign = await createCampaign(ws.api);
    expect((await addLeads(ws.api, campaign.id, ['comeback'])).blocked).toBe(1);
    const block = (await ws.api.get<BlockedLead[]>('/v1/blocked-leads?search=comeback')).body[0];
    await ws.api.delete('/v1/blocked-leads', [block?.id]);
    expect((await addLeads(ws.api, campaign.id, ['comeback'])).added).toBe(1);
  });
});

describe('campaign block list', () => {
  it('refuses campaign blocks on the starter plan with 403 and blocks nothing', async () => {
    const starter = await createWorkspace(app, 'starter');
    const campaign = await createCampaign(starter.api);
    const res = await starter.api.post(`/v1/campaigns/${campaign.id}/blocked-leads`, {
      publicIdentifiers: ['x'],
    });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ statusCode: 403, code: 'plan_required' });
    const list = await starter.api.get(`/v1/campaigns/${campaign.id}/blocked-leads`);
    expect(list.headers.get('x-total-count')).toBe('0');
  });

  it.each(['pro', 'agency'] as const)(
    'blocks, lists and unblocks for one campaign on the %s plan',
    async (plan) => {
      const ws = await createWorkspace(app, plan);
      const campaign = await createCampaign(ws.api);
      const path = `/v1/campaigns/${campaign.id}/blocked-leads`;
      const res = await ws.api.post<BlockResult>(path, {
        publicIdentifiers: ['Marco-Rossi', 'anna', 'marco-rossi'],
      });
      expect(res.status).toBe(200);
      expect(res.body.blocked).toBe(2);
      expect((await ws.api.post<BlockResult>(path, { publicIdentifiers: ['anna'] })).body.blocked).toBe(0);

      const list = await ws.api.get<BlockedLead[]>(`${path}?sort=ASC`);
      expect(list.headers.get('x-total-count')).toBe('2');
      expect(list.body.every((b) => b.campaignId === campaign.id)).toBe(true);
      // Campaign blocks are not in the workspace list.
      expect((await ws.api.get('/v1/blocked-leads')).headers.get('x-total-count')).toBe('0');

      const removed = await ws.api.delete<UnblockResult>(path, [list.body[0]?.id]);
      expect(removed.body.unblocked).toBe(1);
      expect((await ws.api.delete(path, [unknownId('blk')])).status).toBe(404);
      expect((await ws.api.post(path, { publicIdentifiers: [] })).status).toBe(400);
    },
  );

  it('does not let one campaign remove another campaign or the workspace blocks', async () => {
    const ws = await createWorkspace(app, 'pro');
    const first = await createCampaign(ws.api);
    const second = await createCampaign(ws.api);
    await ws.api.post(`/v1/campaigns/${first.id}/blocked-leads`, { publicIdentifiers: ['first-only'] });
    await ws.api.post('/v1/blocked-leads', { leads: [{ publicIdentifier: 'everywhere' }] });
    const firstBlock = (await ws.api.get<BlockedLead[]>(`/v1/campaigns/${first.id}/blocked-leads`)).body[0];
    const workspaceBlock = (await ws.api.get<BlockedLead[]>('/v1/blocked-leads')).body[0];
    expect((await ws.api.delete(`/v1/campaigns/${second.id}/blocked-leads`, [firstBlock?.id])).status).toBe(
      404,
    );
    expect(
      (await ws.api.delete(`/v1/campaigns/${second.id}/blocked-leads`, [workspaceBlock?.id])).status,
    ).toBe(404);
    expect((await ws.api.delete('/v1/blocked-leads', [firstBlock?.id])).status).toBe(404);
  });

  it('answers 404 for an unknown campaign on every campaign block route', async () => {
    const ws = await createWorkspace(app, 'pro');
    const path = `/v1/campaigns/${unknownId('cmp')}/blocked-leads`;
    expect((await ws.api.get(path)).status).toBe(404);
    expect((await ws.api.post(path, { publicIdentifiers: ['x'] })).status).toBe(404);
    expect((await ws.api.delete(path, [unknownId('blk')])).status).toBe(404);
  });

  it('gives a workspace block precedence over a campaign that never blocked the lead', async () => {
    const ws = await createWorkspace(app, 'agency');
    const campaign = await createCampaign(ws.api);
    await ws.api.post('/v1/blocked-leads', { leads: [{ publicIdentifier: 'do-not-contact' }] });
    const res = await addLeads(ws.api, campaign.id, ['do-not-contact', 'fine']);
    expect(res).toMatchObject({ added: 1, blocked: 1 });
  });
});
