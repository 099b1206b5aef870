/**
 * The other lead sources through the port, over the official SDK against the strict simulator:
 * Sales Navigator lead lists (none on a classic account), a post's reactors and commenters (some
 * people both, some reactors without a readable profile URL), the account's relations with their
 * names, the ids for structured filters, and the simulator's controls for all of them over HTTP.
 */
import { describe, expect, it } from 'vitest';
import { PermanentNetworkError, ProviderLimitError } from '../src/network.errors.js';
import type { SourcePage, SourcePerson } from '../src/provider/lead-sources.port.js';
import { createUnipileSimControlClient } from '../src/unipile-sim/sim-control.client.js';
import { HOUR, PREDICTABLE_SIM, simAccount, useUnipileSim } from './unipile-harness.js';

const h = useUnipileSim({ ...PREDICTABLE_SIM, seed: 'lead-sources', searchShiftProbability: 0 });
const control = () => createUnipileSimControlClient(h.running.url);

function account(n: number, tier: 'premium' | 'sales_navigator' = 'premium'): string {
  const id = simAccount(n);
  h.sim.state.createAccount(id, tier);
  return id;
}

async function readAll(read: (cursor: string | undefined) => Promise<SourcePage>): Promise<SourcePage[]> {
  const pages: SourcePage[] = [];
  let cursor: string | undefined;
  do {
    const page = await read(cursor);
    pages.push(page);
    cursor = page.cursor ?? undefined;
  } while (cursor);
  return pages;
}

const people = (pages: SourcePage[]): SourcePerson[] => pages.flatMap((page) => page.items);

describe('Sales Navigator lead lists', () => {
  it('lists the account lists and pages a list people, who may also be found by a search', async () => {
    const accountId = account(1, 'sales_navigator');
    const before = await h.network.listLeadLists({ accountId });
    expect(before.items.map((list) => list.name)).toEqual(['Saved leads', 'Decision makers']);
    expect(before.cursor).toBeNull();

    const added = await control().addLeadList(accountId, {
      name: 'Cloud',
      size: 150,
      fromKeywords: 'cloud architect',
    });
    const lists = await h.network.listLeadLists({ accountId });
    expect(lists.items).toContainEqual({ id: added.id, name: 'Cloud', size: null });

    const pages = await readAll((cursor) =>
      h.network.leadListMembers({ accountId, listId: added.id, cursor }),
    );
    expect(pages.map((page) => [page.items.length, page.totalCount])).toEqual([
      [100, 150],
      [50, 150],
    ]);
    await control().setSearchTotal('cloud architect', 400);
    const search = await h.network.searchPeople({
      accountId,
      search: { api: 'sales_navigator', filters: { keywords: 'cloud architect' } },
      limit: 100,
    });
    expect(
      people(pages)
        .slice(0, 100)
        .map((p) => p.publicIdentifier),
    ).toEqual(search.items.map((p) => p.publicIdentifier));
  });

  it('a classic account has no lists, and cannot read one', async () => {
    const accountId = account(2);
    expect(await h.network.listLeadLists({ accountId })).toEqual({ items: [], cursor: null });
    await expect(h.network.leadListMembers({ accountId, listId: '7000000000001' })).rejects.toMatchObject({
      providerCode: 'feature_not_subscribed',
    });
  });

  it('a list the account does not have is a permanent refusal', async () => {
    const accountId = account(3, 'sales_navigator');
    const refused = await h.network.leadListMembers({ accountId, listId: '123' }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(PermanentNetworkError);
    expect(refused).toMatchObject({ providerCode: 'resource_not_found' });
  });
});

describe("a post's engagers", () => {
  const post = 'https://www.linkedin.com/feed/update/urn:li:activity:7300000000000000001/';

  it('pages reactors and commenters; some did both, some reactors name no public identifier', async () => {
    const accountId = account(4);
    const set = await control().setPost({ post, reactions: 130, comments: 40, overlap: 12 });
    expect(set.postId).toBe('urn:li:activity:7300000000000000001');

    const reactions = await readAll((cursor) =>
      h.network.postEngagers({ accountId, post, kind: 'reactions', cursor }),
    );
    expect(reactions.map((page) => page.items.length)).toEqual([100, 30]);
    const comments = await readAll((cursor) =>
      h.network.postEngagers({ accountId, post, kind: 'comments', cursor, limit: 25 }),
    );
    expect(comments.map((page) => [page.items.length, page.totalCount])).toEqual([
      [25, 40],
      [15, 40],
    ]);

    const reactors = new Set(people(reactions).map((p) => p.providerId));
    expect(people(comments).filter((p) => reactors.has(p.providerId))).toHaveLength(12);
    expect(people(comments).every((p) => p.publicIdentifier && p.firstName && p.networkDistance)).toBe(true);
    // Reactions do not always expose the profile URL: those people have no public identifier.
    const hidden = people(reactions).filter((p) => p.publicIdentifier === null);
    expect(hidden.length).toBeGreaterThan(0);
    expect(hidden.length).toBeLessThan(40);
    expect(hidden.every((p) => p.providerId.startsWith('ACoAA'))).toBe(true);
  });

  it('takes the post by its /posts/ URL as well, and refuses what is no post', async () => {
    const accountId = account(5);
    await control().setPost({ post, reactions: 3, comments: 2, overlap: 0 });
    const bySlug = await h.network.postEngagers({
      accountId,
      post: 'https://www.linkedin.com/posts/ada-lovelace_engines-activity-7300000000000000001-AbCd',
      kind: 'comments',
    });
    expect(bySlug.items).toHaveLength(2);
    await expect(
      h.network.postEngagers({ accountId, post: 'https://www.linkedin.com/in/ada', kind: 'comments' }),
    ).rejects.toMatchObject({ providerCode: 'invalid_post' });
  });
});

describe("the account's relations", () => {
  it('carry the public identifier, the provider id, the names and the headline', async () => {
    const accountId = account(6);
    const sent = await h.network.sendInvitation({ accountId, lead: { publicIdentifier: 'grace-hopper' } });
    h.clock.advance(HOUR);
    await h.sim.flush();
    const relations = await h.network.listRelations({ accountId });
    expect(relations.items).toEqual([
      expect.objectContaining({
        providerId: sent.providerId,
        publicIdentifier: 'grace-hopper',
        firstName: 'Grace',
        lastName: 'Hopper',
        headline: expect.any(String),
      }),
    ]);
  });
});

describe('ids for structured filters', () => {
  it('looks ids up by type and keywords', async () => {
    const accountId = account(7);
    expect(await h.network.searchParameters({ accountId, type: 'LOCATION', keywords: 'par' })).toEqual([
      { id: expect.any(String), title: 'Paris, France' },
    ]);
    expect(await h.network.searchParameters({ accountId, type: 'company', keywords: 'GLO' })).toEqual([
      { id: expect.any(String), title: 'Globex' },
    ]);
    expect((await h.network.searchParameters({ accountId, type: 'INDUSTRY' })).length).toBeGreaterThan(3);
    expect(await h.network.searchParameters({ accountId, type: 'SKILL', keywords: 'java' })).toEqual([]);
  });

  it('refuses a Sales Navigator lookup without the product, and an unknown type', async () => {
    const accountId = account(8);
    await expect(
      h.network.searchParameters({ accountId, type: 'LOCATION', api: 'sales_navigator' }),
    ).rejects.toMatchObject({ providerCode: 'feature_not_subscribed' });
    await expect(h.network.searchParameters({ accountId, type: 'PLANETS' })).rejects.toMatchObject({
      code: 'permanent',
      providerCode: 'invalid_parameters',
    });
  });
});

describe('the simulator controls of the lead sources', () => {
  it('set a search total over HTTP, report the results read today, and fail lead-source reads on demand', async () => {
    const accountId = account(9);
    await control().setSearchTotal('Staff  ENGINEER', 77);
    const page = await h.network.searchPeople({
      accountId,
      search: { url: 'https://www.linkedin.com/search/results/people/?keywords=staff%20engineer' },
    });
    expect(page.totalCount).toBe(77);
    expect((await control().restriction(accountId)).today.searchResults).toBe(50);
    expect((await control().restriction(accountId)).limits.searchResultsPerDay).toBe(1000);

    await control().armFault({ kind: 'rate_limit', accountId, operations: ['readLeadSources'] });
    await expect(
      h.network.postEngagers({ accountId, post: '7300000000000000002', kind: 'reactions' }),
    ).rejects.toBeInstanceOf(ProviderLimitError);
    expect(h.sim.calls({ accountId, kind: 'list_read' }).map((c) => [c.route, c.status])).toEqual([
      ['POST /linkedin/search', 200],
      ['GET /posts/:post_id/reactions', 429],
    ]);
  });
});
