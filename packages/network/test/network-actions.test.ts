/**
 * De-risks the happy path of every port method through the real HTTP adapter and server: what each
 * action returns, how relationships move, and that the sandbox lists exactly what it performed.
 */
import { describe, expect, it } from 'vitest';
import { PREDICTABLE, START, accountId, newKey, startSandbox, useSandbox } from './sandbox-harness.js';

const h = useSandbox();
const sender = accountId(1);

describe('sendInvitation', () => {
  it('sends an invitation with a note and leaves the invitation pending', async () => {
    const key = newKey();
    const result = await h.network.sendInvitation({
      accountId: sender,
      publicIdentifier: 'jane-doe',
      note: 'Hi Jane',
      idempotencyKey: key,
    });

    expect(result.invitationId).toMatch(/^sbx-inv-[0-9a-f]{24}$/);
    expect(result.sentAt).toEqual(new Date(START));
    expect(await h.network.getRelationship({ accountId: sender, publicIdentifier: 'jane-doe' })).toBe(
      'invitation_pending',
    );
    expect(await h.control.received()).toEqual([
      {
        seq: 1,
        type: 'invitation',
        accountId: sender,
        publicIdentifier: 'jane-doe',
        note: 'Hi Jane',
        content: null,
        idempotencyKey: key,
        resultId: result.invitationId,
        at: START,
      },
    ]);
  });

  it('sends an invitation without a note', async () => {
    await h.network.sendInvitation({
      accountId: sender,
      publicIdentifier: 'john-roe',
      idempotencyKey: newKey(),
    });

    const [action] = await h.control.received({ publicIdentifier: 'john-roe' });
    expect(action?.note).toBeNull();
  });
});

describe('sendMessage', () => {
  it('sends a plain message to a connected lead within one conversation per lead', async () => {
    const lead = 'ann-lee';
    await h.network.sendInvitation({ accountId: sender, publicIdentifier: lead, idempotencyKey: newKey() });
    h.clock.advance(Number(PREDICTABLE.acceptDelayMaxMs));

    const first = await h.network.sendMessage({
      accountId: sender,
      publicIdentifier: lead,
      content: 'Hello Ann',
      inmail: false,
      idempotencyKey: newKey(),
    });
    const second = await h.network.sendMessage({
      accountId: sender,
      publicIdentifier: lead,
      content: 'Following up',
      inmail: false,
      idempotencyKey: newKey(),
    });

    expect(first.messageId).not.toBe(second.messageId);
    expect(first.conversationId).toBe(second.conversationId);
    expect(first.sentAt).toEqual(h.clock());
    const sent = await h.control.received({ type: 'message' });
    expect(sent.map((a) => a.content)).toEqual(['Hello Ann', 'Following up']);
  });

  it('sends an InMail to a lead who is not connected when the account allows InMail', async () => {
    await h.control.upsertAccount(sender, { inmailAllowed: true });

    const result = await h.network.sendMessage({
      accountId: sender,
      publicIdentifier: 'bo-chen',
      content: 'Hi Bo',
      inmail: true,
      idempotencyKey: newKey(),
    });

    expect(result.messageId).toMatch(/^sbx-msg-/);
    expect(await h.control.received({ type: 'inmail' })).toHaveLength(1);
    expect(await h.network.getRelationship({ accountId: sender, publicIdentifier: 'bo-chen' })).toBe('none');
  });
});

describe('visitProfile', () => {
  it('returns the profile and records the visit', async () => {
    const result = await h.network.visitProfile({
      accountId: sender,
      publicIdentifier: 'jane-doe-42',
      idempotencyKey: newKey(),
    });

    expect(result.profile).toMatchObject({
      publicIdentifier: 'jane-doe-42',
      firstName: 'Jane',
      lastName: 'Doe',
    });
    expect(result.profile.headline).toContain(' at ');
    expect(result.profile.networkUrl).toMatch(/jane-doe-42$/);
    expect(result.visitedAt).toEqual(new Date(START));
    expect((await h.control.received())[0]).toMatchObject({ type: 'profile_visit', resultId: null });
  });
});

describe('getRelationship', () => {
  it('reads none for a new lead and connected once the invitation is accepted', async () => {
    const lead = 'cara-diaz';
    expect(await h.network.getRelationship({ accountId: sender, publicIdentifier: lead })).toBe('none');
    await h.network.sendInvitation({ accountId: sender, publicIdentifier: lead, idempotencyKey: newKey() });
    h.clock.advance(Number(PREDICTABLE.acceptDelayMaxMs) - 1);
    expect(await h.network.getRelationship({ accountId: sender, publicIdentifier: lead })).toBe(
      'invitation_pending',
    );
    h.clock.advance(1);
    expect(await h.network.getRelationship({ accountId: sender, publicIdentifier: lead })).toBe('connected');
  });

  it('keeps relationships per sender account', async () => {
    await h.network.sendInvitation({
      accountId: sender,
      publicIdentifier: 'dan-fox',
      idempotencyKey: newKey(),
    });

    expect(await h.network.getRelationship({ accountId: accountId(2), publicIdentifier: 'dan-fox' })).toBe(
      'none',
    );
  });

  it('answers connected up front for the configured share of leads', async () => {
    const h2 = await startSandbox({ ...PREDICTABLE, alreadyConnectedProbability: 1 });
    try {
      expect(await h2.network.getRelationship({ accountId: sender, publicIdentifier: 'eve-gray' })).toBe(
        'connected',
      );
    } finally {
      await h2.running.close();
    }
  });
});

describe('received', () => {
  it('filters what it lists by account, lead and type, and forgets everything on reset', async () => {
    await h.network.visitProfile({ accountId: sender, publicIdentifier: 'a-one', idempotencyKey: newKey() });
    await h.network.visitProfile({
      accountId: accountId(2),
      publicIdentifier: 'a-one',
      idempotencyKey: newKey(),
    });
    await h.network.sendInvitation({
      accountId: sender,
      publicIdentifier: 'a-two',
      idempotencyKey: newKey(),
    });

    expect(await h.control.received({ accountId: sender })).toHaveLength(2);
    expect(await h.control.received({ publicIdentifier: 'a-one' })).toHaveLength(2);
    expect(await h.control.received({ type: 'invitation' })).toHaveLength(1);
    await h.control.reset();
    expect(await h.control.received()).toEqual([]);
    expect(await h.network.getRelationship({ accountId: sender, publicIdentifier: 'a-two' })).toBe('none');
  });
});
