/**
 * The account's pending invitations through the port, over the official SDK against the strict
 * simulator: the invitation id a send answers is the one listed and withdrawn, the list pages with
 * an offset cursor (so a send while paging shows one invitation on two pages), a withdrawal is done
 * once whatever the number of calls, and LinkedIn's three weeks before the same person may be
 * invited again.
 */
import { describe, expect, it } from 'vitest';
import { AccountRestrictedError, ProviderLimitError, TransientNetworkError } from '../src/network.errors.js';
import type { ProviderCall } from '../src/provider/provider-call-meter.js';
import type { SentInvitation } from '../src/provider/provider-network.port.js';
import { createUnipileSimControlClient } from '../src/unipile-sim/sim-control.client.js';
import { createUnipileNetwork } from '../src/unipile/unipile-network.adapter.js';
import { API_KEY, DAY, HOUR, MINUTE, PREDICTABLE_SIM, simAccount, useUnipileSim } from './unipile-harness.js';
import { spaced } from './unipile-sim-wire.js';

// Nobody accepts unless a test says so: invitations stay pending.
const h = useUnipileSim({ ...PREDICTABLE_SIM, seed: 'withdrawals', acceptProbability: 0 }, 5_000);
const lead = (publicIdentifier: string) => ({ publicIdentifier });

async function inviteAll(accountId: string, names: string[]) {
  const sent = [];
  for (const [n, name] of names.entries()) {
    spaced(h, n);
    sent.push(await h.network.sendInvitation({ accountId, lead: lead(name) }));
  }
  return sent;
}

async function listAll(accountId: string, limit = 100): Promise<SentInvitation[]> {
  const items: SentInvitation[] = [];
  let cursor: string | undefined;
  do {
    const page = await h.network.listSentInvitations({ accountId, limit, ...(cursor ? { cursor } : {}) });
    items.push(...page.items);
    cursor = page.cursor ?? undefined;
  } while (cursor);
  return items;
}

/** The account's pending pile, as the simulator's standing reports it. */
const pendingOf = async (accountId: string) =>
  (await createUnipileSimControlClient(h.running.url).restriction(accountId)).invitations.pending;

describe('listing sent invitations', () => {
  it('lists what was sent, newest first, with the id the send answered, the invitee and the time', async () => {
    const account = simAccount(1);
    const [ada, bob] = await inviteAll(account, ['ada-list', 'bob-list']);
    const page = await h.network.listSentInvitations({ accountId: account });
    expect(page).toEqual({
      items: [
        {
          invitationId: bob?.invitationId,
          providerId: bob?.providerId,
          publicIdentifier: 'bob-list',
          sentAt: bob?.sentAt,
        },
        {
          invitationId: ada?.invitationId,
          providerId: ada?.providerId,
          publicIdentifier: 'ada-list',
          sentAt: ada?.sentAt,
        },
      ],
      cursor: null,
    });
  });

  it('pages with a cursor; an invitation sent while paging shows the boundary one on both pages (de-duplicate by id)', async () => {
    const account = simAccount(2);
    const sent = await inviteAll(account, ['p-a', 'p-b', 'p-c', 'p-d', 'p-e']);
    const all = await listAll(account, 2);
    expect(all.map((i) => i.publicIdentifier)).toEqual(['p-e', 'p-d', 'p-c', 'p-b', 'p-a']);
    expect(new Set(all.map((i) => i.invitationId))).toEqual(new Set(sent.map((s) => s.invitationId)));

    const first = await h.network.listSentInvitations({ accountId: account, limit: 2 });
    expect(first.items.map((i) => i.publicIdentifier)).toEqual(['p-e', 'p-d']);
    expect(first.cursor).toEqual(expect.any(String));
    await inviteAll(account, ['p-f']);
    const second = await h.network.listSentInvitations({
      accountId: account,
      limit: 2,
      cursor: first.cursor ?? '',
    });
    // The offset moved by one: p-d is on both pages.
    expect(second.items.map((i) => i.publicIdentifier)).toEqual(['p-d', 'p-c']);
    expect(second.items[0]?.invitationId).toBe(first.items[1]?.invitationId);
  });
});

describe('withdrawing an invitation', () => {
  it('withdraws a pending invitation: gone from the list, the relationship none, the pile one smaller', async () => {
    const account = simAccount(3);
    const [ada, bob] = await inviteAll(account, ['ada-w', 'bob-w']);
    expect(await pendingOf(account)).toBe(2);
    h.clock.advance(MINUTE);
    const result = await h.network.withdrawInvitation({
      accountId: account,
      invitationId: ada?.invitationId ?? '',
    });
    expect(result).toEqual({ invitationId: ada?.invitationId, outcome: 'withdrawn', at: h.clock() });
    expect((await listAll(account)).map((i) => i.invitationId)).toEqual([bob?.invitationId]);
    expect(await h.network.getRelationship({ accountId: account, lead: lead('ada-w') })).toBe('none');
    expect(await pendingOf(account)).toBe(1);
    expect(h.sim.state.log.list({ accountId: account, type: 'invitation_withdrawal' })).toMatchObject([
      { publicIdentifier: 'ada-w', resultId: ada?.invitationId },
    ]);
  });

  it('a second withdrawal, one of an accepted invitation and one of an unknown id answer not_found (done)', async () => {
    const account = simAccount(4);
    const [ada, bob] = await inviteAll(account, ['ada-twice', 'bob-accepts']);
    const once = { accountId: account, invitationId: ada?.invitationId ?? '' };
    expect((await h.network.withdrawInvitation(once)).outcome).toBe('withdrawn');
    spaced(h, 1);
    expect((await h.network.withdrawInvitation(once)).outcome).toBe('not_found');
    await createUnipileSimControlClient(h.running.url).acceptInvitation(account, 'bob-accepts');
    spaced(h, 2);
    const accepted = { accountId: account, invitationId: bob?.invitationId ?? '' };
    expect((await h.network.withdrawInvitation(accepted)).outcome).toBe('not_found');
    expect(await h.network.getRelationship({ accountId: account, lead: lead('bob-accepts') })).toBe(
      'connected',
    );
    spaced(h, 3);
    expect(
      (await h.network.withdrawInvitation({ accountId: account, invitationId: 'inv-unknown' })).outcome,
    ).toBe('not_found');
    // Nor can another account withdraw this account's invitation.
    const other = { accountId: simAccount(5), invitationId: ada?.invitationId ?? '' };
    expect((await h.network.withdrawInvitation(other)).outcome).toBe('not_found');
  });

  it('a lost answer is transient; calling again is safe and answers not_found', async () => {
    const account = simAccount(6);
    const [ada] = await inviteAll(account, ['ada-lost']);
    h.sim.state.faults.arm({
      kind: 'server_error',
      accountId: account,
      operations: ['withdrawInvitation'],
      afterAction: true,
    });
    const input = { accountId: account, invitationId: ada?.invitationId ?? '' };
    await expect(h.network.withdrawInvitation(input)).rejects.toBeInstanceOf(TransientNetworkError);
    spaced(h, 1);
    expect((await h.network.withdrawInvitation(input)).outcome).toBe('not_found');
    expect(await listAll(account)).toEqual([]);
  });

  it('rate limited is ProviderLimitError with nothing done; a restricted account is AccountRestrictedError', async () => {
    const account = simAccount(7);
    const [ada] = await inviteAll(account, ['ada-limited']);
    const input = { accountId: account, invitationId: ada?.invitationId ?? '' };
    h.sim.state.faults.arm({ kind: 'rate_limit', accountId: account, operations: ['withdrawInvitation'] });
    await expect(h.network.withdrawInvitation(input)).rejects.toBeInstanceOf(ProviderLimitError);
    expect((await listAll(account)).map((i) => i.invitationId)).toEqual([ada?.invitationId]);
    await createUnipileSimControlClient(h.running.url).restrict(account, 'account_restricted');
    await expect(h.network.withdrawInvitation(input)).rejects.toBeInstanceOf(AccountRestrictedError);
  });

  it('a withdrawal is one write, a page of the list one list read, for the call meter', async () => {
    const account = simAccount(8);
    const taken: ProviderCall[] = [];
    const metered = createUnipileNetwork({
      dsn: h.running.url,
      apiKey: API_KEY,
      clock: h.clock,
      validateResponses: 'error',
      callMeter: { take: async (c) => void taken.push(c) },
    });
    const [ada] = await inviteAll(account, ['ada-metered']);
    await metered.listSentInvitations({ accountId: account });
    await metered.withdrawInvitation({ accountId: account, invitationId: ada?.invitationId ?? '' });
    expect(taken.map((c) => [c.kind, c.operation])).toEqual([
      ['list_read', 'users.invitationsSent'],
      ['write', 'users.cancelInvitation'],
    ]);
    expect(
      h.sim
        .calls({ accountId: account })
        .slice(-2)
        .map((c) => [c.route, c.kind, c.status]),
    ).toEqual([
      ['GET /users/invite/sent', 'list_read', 200],
      ['DELETE /users/invite/sent/:invitation_id', 'write', 200],
    ]);
  });
});

describe('inviting the same person again after a withdrawal', () => {
  it('is refused for three weeks (a provider limit on invitations), then goes', async () => {
    const account = simAccount(9);
    const [ada] = await inviteAll(account, ['ada-again']);
    h.clock.advance(HOUR);
    await h.network.withdrawInvitation({ accountId: account, invitationId: ada?.invitationId ?? '' });
    h.clock.advance(20 * DAY);
    const refused = await h.network
      .sendInvitation({ accountId: account, lead: lead('ada-again') })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ProviderLimitError);
    expect(refused).toMatchObject({ scope: 'invitations', providerType: 'cannot_resend_yet' });
    h.clock.advance(DAY);
    const again = await h.network.sendInvitation({ accountId: account, lead: lead('ada-again') });
    expect(again.invitationId).not.toBe(ada?.invitationId);
    expect((await listAll(account)).map((i) => i.invitationId)).toEqual([again.invitationId]);
  });
});
