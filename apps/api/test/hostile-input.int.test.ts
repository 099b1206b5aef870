/**
 * Input meant to hurt: analytics windows spanning millennia, control characters in searches,
 * variable names that collide with JavaScript's object machinery. Each is refused with a 400 in
 * the error shape and changes nothing; none reaches the database as a 5xx.
 */
import type { Campaign } from '@outreach/contract';
import { describe, expect, it } from 'vitest';
import { createCampaign, useWorkspace } from './support/fixtures.js';
import { useTestApp } from './support/test-app.js';

const app = useTestApp();
const workspace = useWorkspace(app);

describe('analytics windows', () => {
  it('refuses a workspace window longer than 366 days with a 400 that says so', async () => {
    const res = await workspace.api.get('/v1/analytics?startDate=0000-01-01&endDate=9999-12-31');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, code: 'validation_failed' });
    expect((res.body as { message: string }).message).toMatch(/366 days/);
  });

  it('refuses a campaign window longer than 366 days, also when only the start is given', async () => {
    const campaign = await createCampaign(workspace.api);
    const both = await workspace.api.get(
      `/v1/campaigns/${campaign.id}/analytics?startDate=2020-01-01&endDate=2021-01-02`,
    );
    expect(both.status).toBe(400);
    expect((both.body as { message: string }).message).toMatch(/366 days/);
    const startOnly = await workspace.api.get(`/v1/campaigns/${campaign.id}/analytics?startDate=1990-01-01`);
    expect(startOnly.status).toBe(400);
    expect((startOnly.body as { message: string }).message).toMatch(/366 days/);
  });

  it('answers a window of exactly 366 days', async () => {
    const res = await workspace.api.get('/v1/analytics?startDate=2024-01-01&endDate=2024-12-31');
    expect(res.status).toBe(200);
    expect((res.body as { daily: unknown[] }).daily).toHaveLength(366);
  });

  it('ends a window on the last day of year 9999 at its last instant, answered as a valid date-time', async () => {
    const res = await workspace.api.get<{ endDate: string }>('/v1/analytics?endDate=9999-12-31');
    expect(res.status).toBe(200);
    expect(res.body.endDate).toBe('9999-12-31T23:59:59.999Z');
  });

  it('refuses dates before 1970 or after 9999 as nonsense', async () => {
    for (const query of ['endDate=0001-01-31', 'startDate=1969-12-31&endDate=1970-01-02']) {
      const res = await workspace.api.get(`/v1/analytics?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body).toMatchObject({ statusCode: 400, code: 'validation_failed' });
    }
  });
});

describe('control characters in search', () => {
  const searches = ['%00', 'a%00b', '%1F', 'x%7F'];

  it('refuses a NUL or other control character in a campaign search with 400', async () => {
    for (const search of searches) {
      const res = await workspace.api.get(`/v1/campaigns?search=${search}`);
      expect(res.status, search).toBe(400);
      expect(res.body).toMatchObject({ statusCode: 400, code: 'validation_failed' });
    }
  });

  it("refuses a NUL or other control character in a blocked-leads search, the workspace's or a campaign's", async () => {
    const campaign = await createCampaign(workspace.api);
    for (const search of searches) {
      for (const path of ['/v1/blocked-leads', `/v1/campaigns/${campaign.id}/blocked-leads`]) {
        const res = await workspace.api.get(`${path}?search=${search}`);
        expect(res.status, `${path} ${search}`).toBe(400);
        expect(res.body).toMatchObject({ statusCode: 400, code: 'validation_failed' });
      }
    }
  });

  it('still finds campaigns by text with regular expression characters in it', async () => {
    await createCampaign(workspace.api, { name: 'Growth (EU) [v2] *' });
    const res = await workspace.api.get<{ total: number }>(
      `/v1/campaigns?search=${encodeURIComponent('(EU) [v2] *')}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(1);
  });
});

describe('variable names', () => {
  const reserved = ['constructor', 'prototype', '__proto__', 'hasOwnProperty', 'toString'];

  it('refuses reserved custom variable names when a campaign is created, naming the variable', async () => {
    for (const name of reserved) {
      const res = await workspace.api.request('POST', '/v1/campaigns', {
        raw: `{"name":"Reserved","customVariables":{"${name}":"x"}}`,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status, name).toBe(400);
      expect(res.body).toMatchObject({ statusCode: 400, code: 'validation_failed' });
      expect(JSON.stringify(res.body), name).toContain(name);
    }
    const list = await workspace.api.get<{ total: number }>('/v1/campaigns?search=Reserved');
    expect(list.body.total).toBe(0);
  });

  it('refuses reserved custom variable names on a campaign update and keeps the campaign as it was', async () => {
    const campaign = await createCampaign(workspace.api, { customVariables: { company: 'Acme' } });
    for (const name of reserved) {
      const res = await workspace.api.request('PATCH', `/v1/campaigns/${campaign.id}`, {
        raw: `{"customVariables":{"${name}":"x"}}`,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status, name).toBe(400);
      expect(res.body).toMatchObject({ statusCode: 400, code: 'validation_failed' });
    }
    const after = await workspace.api.get<Campaign>(`/v1/campaigns/${campaign.id}`);
    expect(after.body.customVariables).toEqual({ company: 'Acme' });
  });

  it("refuses reserved names in a lead's custom variables and adds no lead", async () => {
    const campaign = await createCampaign(workspace.api);
    for (const name of reserved) {
      const res = await workspace.api.request('POST', `/v1/campaigns/${campaign.id}/leads`, {
        raw: `{"leads":[{"publicIdentifier":"reserved-${name}","customVariables":{"${name}":"x"}}]}`,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status, name).toBe(400);
      expect(res.body).toMatchObject({ statusCode: 400, code: 'validation_failed' });
    }
    const leads = await workspace.api.get<{ total: number }>(`/v1/campaigns/${campaign.id}/leads`);
    expect(leads.body.total).toBe(0);
  });

  it('keeps ordinary names, including ones that start with an underscore', async () => {
    const campaign = await createCampaign(workspace.api, {
      customVariables: { company: 'Acme', _region: 'EU', proto: 'p' },
    });
    expect(campaign.customVariables).toEqual({ company: 'Acme', _region: 'EU', proto: 'p' });
  });
});
