/**
 * The Unipile adapter driving the simulator through the official SDK over real HTTP: each action
 * does what a user expects on LinkedIn, and the simulator's state shows it.
 */
import { describe, expect, it } from 'vitest';
import { HOUR, MINUTE, simAccount, useUnipileSim } from './unipile-harness.js';

const h = useUnipileSim();
const account = simAccount(1);

describe('Unipile adapter against the simulator', () => {
  it('resolves a public identifier to a member id and reads the profile', async () => {
    const member = await h.network.resolveMember({ accountId: account, publicIdentifier: 'ada-lovelace' });
    expect(member.providerId).toMatch(/^ACoAA/);
    expect(member.profile).toMatchObject({
      publicIdentifier: 'ada-lovelace',
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    expect(member.relationship).toBe('none');
  });

  it('sends an invitation with its note, and the lead is then pending, then connected after acceptance', async () => {
    const lead = { publicIdentifier: 'grace-hopper' };
    const sent = await h.network.sendInvitation({ accountId: account, lead, note: 'Hello Grace' });
    expect(sent.invitationId).toBeTruthy();
    expect(
      await h.network.getRelationship({ accountId: account, lead: { ...lead, providerId: sent.providerId } }),
    ).toBe('invitation_pending');
    expect(h.sim.state.log.list({ type: 'invitation' })).toEqual([
      expect.objectContaining({ publicIdentifier: 'grace-hopper', note: 'Hello Grace' }),
    ]);
    h.clock.advance(HOUR);
    await h.sim.flush();
    expect(await h.network.getRelationship({ accountId: account, lead })).toBe('connected');
  });

  it('visits a profile with the notify flag, so LinkedIn records the visit', async () => {
    const visit = await h.network.visitProfile({
      accountId: account,
      lead: { publicIdentifier: 'alan-turing' },
    });
    expect(visit.profile.lastName).toBe('Turing');
    expect(h.sim.state.log.list({ type: 'profile_visit' })).toHaveLength(1);
    await h.network.getRelationship({ accountId: account, lead: { publicIdentifier: 'alan-turing' } });
    expect(h.sim.state.log.list({ type: 'profile_visit' })).toHaveLength(1);
  });

  it('messages a connection in a new chat, then in that same chat', async () => {
    const lead = { publicIdentifier: 'linus-pauling' };
    await h.network.sendInvitation({ accountId: account, lead });
    h.clock.advance(HOUR);
    const first = await h.network.sendMessage({ accountId: account, lead, content: 'Hi', inmail: 'never' });
    const second = await h.network.sendMessage({
      accountId: account,
      lead,
      content: 'Again',
      inmail: 'never',
    });
    expect(first.channel).toBe('message');
    expect(second.chatId).toBe(first.chatId);
    expect(h.sim.state.log.list({ type: 'message' }).map((a) => a.content)).toEqual(['Hi', 'Again']);
  });

  it('sends an InMail to a lead who is not a connection when the policy allows it', async () => {
    const lead = { publicIdentifier: 'rosalind-franklin' };
    const sent = await h.network.sendMessage({
      accountId: account,
      lead,
      content: 'Hello',
      inmail: 'when_not_connected',
    });
    expect(sent.channel).toBe('inmail');
    expect(h.sim.state.log.list({ type: 'inmail' })).toHaveLength(1);
  });

  it('lists relations and recent messages for the reconciliation poll', async () => {
    const lead = { publicIdentifier: 'marie-curie' };
    const invitation = await h.network.sendInvitation({ accountId: account, lead });
    h.clock.advance(HOUR);
    await h.network.sendMessage({ accountId: account, lead, content: 'Bonjour', inmail: 'never' });
    h.clock.advance(10 * MINUTE);
    await h.sim.flush();
    const relations = await h.network.listRelations({ accountId: account });
    expect(relations.items).toEqual([
      expect.objectContaining({ providerId: invitation.providerId, publicIdentifier: 'marie-curie' }),
    ]);
    const messages = await h.network.listRecentMessages({ accountId: account, since: new Date(0) });
    expect(messages.items.map((m) => [m.fromAccount, m.content])).toEqual([
      [false, 'Hello back'],
      [true, 'Bonjour'],
    ]);
  });

  it('pages through relations with the provider cursor', async () => {
    for (const name of ['aa-one', 'bb-two', 'cc-three']) {
      await h.network.sendInvitation({ accountId: account, lead: { publicIdentifier: name } });
    }
    h.clock.advance(HOUR);
    await h.sim.flush();
    const first = await h.network.listRelations({ accountId: account, limit: 2 });
    expect(first.items).toHaveLength(2);
    const second = await h.network.listRelations({
      accountId: account,
      limit: 2,
      cursor: first.cursor ?? undefined,
    });
    expect(second.items).toHaveLength(1);
    expect(second.cursor).toBeNull();
  });

  it('reports the account status, and a lost session as disconnected', async () => {
    await h.network.resolveMember({ accountId: account, publicIdentifier: 'ada-lovelace' });
    expect(await h.network.getAccountStatus({ accountId: account })).toMatchObject({
      state: 'connected',
      authenticated: true,
      inmailAllowed: true,
    });
    h.sim.state.expireSession(account);
    expect(await h.network.getAccountStatus({ accountId: account })).toMatchObject({
      state: 'disconnected',
      authenticated: false,
    });
  });
});
