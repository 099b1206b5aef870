import { describe, expect, it } from 'vitest';
import type { SourcePerson } from './lead-sources.port.js';
import { readSourcePage, type SourcePageNetwork } from './read-source-page.js';

const person = (publicIdentifier: string | null): SourcePerson => ({
  providerId: `p-${publicIdentifier ?? 'hidden'}`,
  publicIdentifier,
  firstName: 'Ada',
  lastName: 'Lovelace',
  headline: 'Analyst',
  company: 'Engines',
  location: null,
  networkDistance: 2,
  invitationPending: false,
});

/** A network that answers every source with one page, and records what each call was asked. */
function recordingNetwork() {
  const asked: Array<{ call: string; input: object }> = [];
  const page = { items: [person('ada-lovelace'), person(null)], cursor: 'next', totalCount: 42 };
  const network: SourcePageNetwork = {
    searchPeople: async (input) => {
      asked.push({ call: 'searchPeople', input });
      return { ...page, api: 'sales_navigator' };
    },
    leadListMembers: async (input) => {
      asked.push({ call: 'leadListMembers', input });
      return page;
    },
    postEngagers: async (input) => {
      asked.push({ call: 'postEngagers', input });
      return page;
    },
    listRelations: async (input) => {
      asked.push({ call: 'listRelations', input });
      const relation = {
        providerId: 'p-grace',
        publicIdentifier: 'grace-hopper',
        connectedAt: new Date(0),
        firstName: 'Grace',
      };
      return { items: [relation], cursor: null };
    },
  };
  return { network, asked };
}

describe('readSourcePage', () => {
  it('asks each source its own call, from the cursor, and leaves the first page without one', async () => {
    const { network, asked } = recordingNetwork();
    const search = { url: 'https://www.linkedin.com/sales/search/people?query=(keywords%3Acfo)' };
    await readSourcePage(network, 'acc-1', { kind: 'search', search }, null, 100);
    await readSourcePage(network, 'acc-1', { kind: 'lead_list', listId: 'L1' }, 'c1', 50);
    await readSourcePage(
      network,
      'acc-1',
      { kind: 'post_engagers', post: 'urn:li:activity:1', engagement: 'comments' },
      'c2',
      10,
    );
    await readSourcePage(network, 'acc-1', { kind: 'relations' }, 'c3', 20);
    expect(asked).toEqual([
      { call: 'searchPeople', input: { accountId: 'acc-1', limit: 100, search } },
      { call: 'leadListMembers', input: { accountId: 'acc-1', limit: 50, cursor: 'c1', listId: 'L1' } },
      {
        call: 'postEngagers',
        input: { accountId: 'acc-1', limit: 10, cursor: 'c2', post: 'urn:li:activity:1', kind: 'comments' },
      },
      { call: 'listRelations', input: { accountId: 'acc-1', limit: 20, cursor: 'c3' } },
    ]);
  });

  it('gives a source’s people as entries with its cursor and total', async () => {
    const { network } = recordingNetwork();
    const page = await readSourcePage(network, 'acc-1', { kind: 'lead_list', listId: 'L1' }, null, 100);
    expect(page.cursor).toBe('next');
    expect(page.totalCount).toBe(42);
    expect(page.entries.map((entry) => entry.entry)).toEqual([
      { publicIdentifier: 'ada-lovelace', networkDistance: 2, invitationPending: false },
      { publicIdentifier: null, networkDistance: 2, invitationPending: false },
    ]);
    expect(page.entries[0]?.profile).toMatchObject({ name: 'Ada Lovelace', companyName: 'Engines' });
  });

  it('gives the sender’s relations as connected, with no total', async () => {
    const { network } = recordingNetwork();
    const page = await readSourcePage(network, 'acc-1', { kind: 'relations' }, null, 100);
    expect(page).toMatchObject({ cursor: null, totalCount: null });
    expect(page.entries.map((entry) => entry.entry)).toEqual([
      { publicIdentifier: 'grace-hopper', networkDistance: 1, invitationPending: null },
    ]);
  });
});
