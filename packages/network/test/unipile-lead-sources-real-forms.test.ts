/**
 * The lead-source adapter against answers in the forms the real Unipile API gives and the simulator
 * does not (or not always), from a plain stub server through the official SDK: what it sends
 * (the api and category it owns, the page size, the cursor, the post's social id, the product of a
 * parameters lookup), answers it cannot read (a typed error, never a crash), people it must not
 * count as leads (the account itself, company pages), and hidden public identifiers.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createManualClock } from '../src/clock.js';
import { TransientNetworkError } from '../src/network.errors.js';
import { type UnipileNetwork, createUnipileNetwork } from '../src/unipile/unipile-network.adapter.js';
import { START } from './unipile-harness.js';
import { type UnipileStub, problem, startUnipileStub } from './unipile-stub.js';

const accountId = 'acc-real';
let stub: UnipileStub;
let network: UnipileNetwork;

beforeAll(async () => {
  stub = await startUnipileStub();
  network = createUnipileNetwork({
    dsn: stub.url,
    apiKey: 'key',
    clock: createManualClock(START),
    timeoutMs: 5_000,
    validateResponses: 'off',
  });
});
afterAll(() => stub.close());
beforeEach(() => stub.reset());

const person = (extra: Record<string, unknown>) => ({
  object: 'SearchResult',
  type: 'PEOPLE',
  id: 'ACwAAA1',
  name: 'Ada Lovelace',
  headline: 'Engineer',
  location: 'London',
  network_distance: 'DISTANCE_2',
  ...extra,
});
const searchAnswer = (items: unknown[], cursor: string | null = null) => ({
  status: 200,
  body: {
    object: 'LinkedinSearch',
    items,
    config: { params: {} },
    paging: { start: 0, page_count: items.length, total_count: 4321 },
    cursor,
  },
});

describe('people searches', () => {
  it('sends the filters with its own api and category, the page size within the max, and the cursor', async () => {
    stub.on('POST', /^\/linkedin\/search$/, searchAnswer([person({ public_identifier: 'ada-l' })], 'next'));
    const page = await network.searchPeople({
      accountId,
      search: { api: 'classic', filters: { keywords: 'cto', api: 'recruiter', category: 'companies' } },
      cursor: 'abc',
      limit: 500,
    });
    const request = stub.requests[0];
    expect(request?.fields).toEqual({ keywords: 'cto', api: 'classic', category: 'people' });
    expect(Object.fromEntries(request?.query ?? [])).toEqual({
      account_id: accountId,
      limit: '50',
      cursor: 'abc',
    });
    expect(page).toEqual({
      api: 'classic',
      items: [
        {
          providerId: 'ACwAAA1',
          publicIdentifier: 'ada-l',
          firstName: 'Ada',
          lastName: 'Lovelace',
          headline: 'Engineer',
          company: null,
          location: 'London',
          networkDistance: 2,
          invitationPending: null,
        },
      ],
      cursor: 'next',
      totalCount: 4321,
    });
  });

  it('leaves the account itself out, and keeps a hidden public identifier as null', async () => {
    stub.on(
      'POST',
      /^\/linkedin\/search$/,
      searchAnswer([
        person({ id: 'ACwSELF', network_distance: 'SELF' }),
        person({
          id: 'ACwHIDDEN',
          public_identifier: null,
          profile_url: 'https://www.linkedin.com/sales/lead/ACwHIDDEN,NAME_SEARCH,x',
          network_distance: 'OUT_OF_NETWORK',
        }),
        person({
          id: 'ACwURL',
          profile_url: 'https://www.linkedin.com/in/Grace-H?miniProfileUrn=x',
          network_distance: 'DISTANCE_1',
        }),
      ]),
    );
    const page = await network.searchPeople({
      accountId,
      search: { url: 'https://www.linkedin.com/sales/search/people?query=(keywords%3Ax)' },
    });
    expect(stub.requests[0]?.fields).toEqual({
      url: 'https://www.linkedin.com/sales/search/people?query=(keywords%3Ax)',
    });
    expect(stub.requests[0]?.query.get('limit')).toBe('100');
    expect(page.items.map((p) => [p.providerId, p.publicIdentifier, p.networkDistance])).toEqual([
      ['ACwHIDDEN', null, 3],
      ['ACwURL', 'grace-h', 1],
    ]);
  });

  it('an answer it cannot read is a transient error, not a crash', async () => {
    stub.on('POST', /^\/linkedin\/search$/, {
      status: 200,
      body: { object: 'LinkedinSearch', items: [{ id: 5 }] },
    });
    const failed = await network
      .searchPeople({ accountId, search: { api: 'sales_navigator', filters: {} } })
      .catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(TransientNetworkError);
    expect(String(failed)).toMatch(/unexpected search answer/);
  });
});

describe('parameters and lead lists', () => {
  it('asks the product of a lookup as Unipile names it, and reads numeric ids as strings', async () => {
    stub.on('GET', /^\/linkedin\/search\/parameters$/, {
      status: 200,
      body: {
        object: 'LinkedinSearchParametersList',
        items: [{ object: 'LinkedinSearchParameter', id: 102277331, title: 'Los Angeles' }],
        paging: { page_count: 1 },
      },
    });
    expect(
      await network.searchParameters({
        accountId,
        type: 'location',
        keywords: ' los ',
        api: 'recruiter',
        limit: 500,
      }),
    ).toEqual([{ id: '102277331', title: 'Los Angeles' }]);
    expect(Object.fromEntries(stub.requests[0]?.query ?? [])).toEqual({
      account_id: accountId,
      type: 'LOCATION',
      keywords: 'los',
      limit: '100',
      service: 'RECRUITER',
    });
  });

  it('an account without Sales Navigator has no lead lists; other refusals still reach the caller', async () => {
    stub.on('GET', /^\/linkedin\/search\/parameters$/, problem(403, 'feature_not_subscribed'));
    expect(await network.listLeadLists({ accountId })).toEqual({ items: [], cursor: null });
    stub.on('GET', /^\/linkedin\/search\/parameters$/, problem(403, 'account_restricted'));
    await expect(network.listLeadLists({ accountId })).rejects.toMatchObject({ code: 'account_restricted' });
  });
});

describe('post engagers', () => {
  it('reads reactions by the post social id and leaves company pages out', async () => {
    stub.on('GET', /^\/posts\/.+\/reactions$/, {
      status: 200,
      body: {
        object: 'PostReactionList',
        items: [
          {
            object: 'PostReaction',
            value: 'LIKE',
            post_id: 'p',
            author: {
              id: 'ACoAAP',
              type: 'INDIVIDUAL',
              name: 'Kirsten Krupps, MBA',
              headline: 'Marketing',
              profile_url: 'https://www.linkedin.com/in/kirsten-k',
              network_distance: 'THIRD_DEGREE',
            },
          },
          {
            object: 'PostReaction',
            value: 'LIKE',
            post_id: 'p',
            author: {
              id: '12345',
              type: 'COMPANY',
              name: 'Acme',
              headline: null,
              profile_url: 'https://www.linkedin.com/company/acme',
              network_distance: null,
            },
          },
        ],
        cursor: null,
      },
    });
    const page = await network.postEngagers({
      accountId,
      post: 'https://www.linkedin.com/posts/ada_x-activity-7332661864792854528-AbCd',
      kind: 'reactions',
      limit: 250,
    });
    expect(stub.requests[0]?.path).toBe('/posts/urn:li:activity:7332661864792854528/reactions');
    expect(stub.requests[0]?.query.get('limit')).toBe('100');
    expect(page).toEqual({
      items: [
        {
          providerId: 'ACoAAP',
          publicIdentifier: 'kirsten-k',
          firstName: 'Kirsten',
          lastName: 'Krupps, MBA',
          headline: 'Marketing',
          company: null,
          location: null,
          networkDistance: 3,
          invitationPending: null,
        },
      ],
      cursor: null,
      totalCount: null,
    });
  });

  it("reads commenters from their details, the real answers' DISTANCE_n included", async () => {
    stub.on('GET', /^\/posts\/.+\/comments$/, {
      status: 200,
      body: {
        object: 'CommentList',
        items: [
          {
            object: 'Comment',
            id: '1',
            text: 'x',
            date: 'd',
            reaction_counter: 0,
            reply_counter: 0,
            author: 'Sourav Ratul',
            author_details: {
              id: 'ACoAAS',
              headline: 'Copy',
              profile_url: 'https://www.linkedin.com/in/souravratul',
              network_distance: 'DISTANCE_2',
            },
          },
          {
            object: 'Comment',
            id: '2',
            text: 'y',
            date: 'd',
            reaction_counter: 0,
            reply_counter: 0,
            author: 'Acme',
            author_details: {
              id: 'ACoAAC',
              headline: null,
              profile_url: 'https://www.linkedin.com/company/acme',
              network_distance: null,
              is_company: true,
            },
          },
        ],
        cursor: 'c2',
        total_items: 57,
      },
    });
    const page = await network.postEngagers({ accountId, post: 'urn:li:ugcPost:7', kind: 'comments' });
    expect(page.items.map((p) => [p.providerId, p.publicIdentifier, p.networkDistance])).toEqual([
      ['ACoAAS', 'souravratul', 2],
    ]);
    expect(page).toMatchObject({ cursor: 'c2', totalCount: 57 });
  });
});
