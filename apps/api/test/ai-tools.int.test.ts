/**
 * AI tools over HTTP: the catalogue, enabling tools on variants by key (or as `{ name, key }`), and
 * the rule that a body may use `{{ai.<key>}}` only for tools enabled on its variant, so a variant
 * can never depend on a value nothing will write. Refused edits change nothing.
 */
import type { AIToolPage, Sequence, VariantList } from '@outreach/contract';
import { describe, expect, it } from 'vitest';
import { createCampaignWithSteps, useWorkspace } from './support/fixtures.js';
import { useTestApp } from './support/test-app.js';

const app = useTestApp();
const ws = useWorkspace(app);

async function messageStep() {
  const { campaign, steps } = await createCampaignWithSteps(ws.api, ['message']);
  const step = steps[0];
  if (!step?.variants?.[0]) throw new Error('message step without its default variant');
  return {
    campaign,
    step,
    path: `/v1/campaigns/${campaign.id}/steps/${step.id}/variants`,
    first: step.variants[0],
  };
}

async function variantsOf(campaignId: string) {
  const sequence = await ws.api.get<Sequence>(`/v1/campaigns/${campaignId}/sequence`);
  return sequence.body.steps[0]?.messages ?? [];
}

describe('GET /v1/ai-tools', () => {
  it('pages the catalogue by cursor, one tool at a time, to the end', async () => {
    const all = (await ws.api.get<AIToolPage>('/v1/ai-tools')).body.items.map((tool) => tool.key);
    const walked: string[] = [];
    let after = '';
    for (;;) {
      const page = await ws.api.get<AIToolPage>(`/v1/ai-tools?limit=1${after}`);
      walked.push(...page.body.items.map((tool) => tool.key));
      if (page.body.nextCursor === null || page.body.nextCursor === undefined) break;
      after = `&after=${page.body.nextCursor}`;
    }
    expect(walked).toEqual(all);
    expect((await ws.api.get('/v1/ai-tools?after=bm90LWEtY3Vyc29y')).status).toBe(400);
  });

  it('lists the catalogue with each tool’s template variable and length cap', async () => {
    const res = await ws.api.get<AIToolPage>('/v1/ai-tools');
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(res.body.items.length);
    expect(res.body.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          key: 'opening_line',
          name: 'Personalised opening line',
          variable: '{{ai.opening_line}}',
        }),
        expect.objectContaining({
          key: 'company_hook',
          name: 'One-sentence company hook',
          variable: '{{ai.company_hook}}',
        }),
      ]),
    );
    const page = await ws.api.get<AIToolPage>('/v1/ai-tools?offset=1&limit=1');
    expect(page.body).toMatchObject({ offset: 1, limit: 1, items: [res.body.items[1]] });
  });

  it('needs an API key', async () => {
    expect((await app.anonymous.get('/v1/ai-tools')).status).toBe(401);
  });
});

describe('AI tools on variants', () => {
  it('creates a variant with tools given by key and answers them as { name, key }', async () => {
    const { campaign, path } = await messageStep();
    const res = await ws.api.post<VariantList>(path, {
      body: '{{ai.opening_line}} {{ai.company_hook}} Open to a chat?',
      aiTools: ['opening_line', { key: 'company_hook', name: 'One-sentence company hook' }, 'opening_line'],
    });
    expect(res.status).toBe(201);
    expect(res.body.variants[1]?.aiTools).toEqual([
      { name: 'Personalised opening line', key: 'opening_line' },
      { name: 'One-sentence company hook', key: 'company_hook' },
    ]);
    expect((await variantsOf(campaign.id))[1]?.aiTools).toHaveLength(2);
  });

  it('refuses an unknown tool key with 400 and adds nothing', async () => {
    const { campaign, path } = await messageStep();
    const res = await ws.api.post(path, { body: 'Hi', aiTools: ['horoscope'] });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('horoscope');
    expect(await variantsOf(campaign.id)).toHaveLength(1);
  });

  it('refuses a tool renamed by the caller with 400', async () => {
    const { path } = await messageStep();
    const res = await ws.api.post(path, { aiTools: [{ key: 'opening_line', name: 'My opener' }] });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'invalid_input' });
    expect((res.body as { message: string }).message).toContain(
      'opening_line is "Personalised opening line"',
    );
  });

  it('refuses a body using {{ai.<key>}} for a tool the variant does not enable, naming it', async () => {
    const { campaign, path } = await messageStep();
    const res = await ws.api.post(path, {
      body: '{{ai.company_hook}} Hi {{firstName}}',
      aiTools: ['opening_line'],
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      statusCode: 400,
      code: 'ai_tool_not_enabled',
      message:
        'body uses {{ai.company_hook}} but the variant does not enable that AI tool: add company_hook to aiTools',
    });
    expect(await variantsOf(campaign.id)).toHaveLength(1);
  });

  it('checks updates against the tools the variant has after the change', async () => {
    const { campaign, path, first } = await messageStep();
    const usesOpener = await ws.api.put(`${path}/${first.id}`, { body: 'Hi {{ ai.opening_line }}' });
    expect(usesOpener.status).toBe(400);
    expect(usesOpener.body).toMatchObject({ code: 'ai_tool_not_enabled' });

    const both = await ws.api.put<VariantList>(`${path}/${first.id}`, {
      body: 'Hi {{ ai.opening_line }}',
      aiTools: ['opening_line'],
    });
    expect(both.status).toBe(200);
    expect(both.body.variants[0]?.aiTools).toEqual([
      { name: 'Personalised opening line', key: 'opening_line' },
    ]);

    const dropInUse = await ws.api.put(`${path}/${first.id}`, { aiTools: [] });
    expect(dropInUse.status).toBe(400);
    expect((await variantsOf(campaign.id))[0]?.aiTools).toHaveLength(1);

    const dropUnused = await ws.api.put<VariantList>(`${path}/${first.id}`, { body: 'Hi', aiTools: [] });
    expect(dropUnused.body.variants[0]).toMatchObject({ body: 'Hi', aiTools: [] });
  });

  it('refuses AI variables in a generic body, the fallback when tools produce nothing', async () => {
    const { campaign, step } = await messageStep();
    const res = await ws.api.put(`/v1/campaigns/${campaign.id}/steps/${step.id}`, {
      genericBody: '{{ai.opening_line}} Hello',
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'ai_tool_not_enabled' });
  });

  it('refuses malformed tool lists with 400', async () => {
    const { path, first } = await messageStep();
    expect((await ws.api.put(`${path}/${first.id}`, { aiTools: 'opening_line' })).status).toBe(400);
    expect((await ws.api.put(`${path}/${first.id}`, { aiTools: [{ name: 'x' }] })).status).toBe(400);
    expect(
      (await ws.api.put(`${path}/${first.id}`, { aiTools: [{ key: 'opening_line', extra: 1 }] })).status,
    ).toBe(400);
  });
});
