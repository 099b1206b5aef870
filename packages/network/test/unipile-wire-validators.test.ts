/**
 * The simulator cannot drift from Unipile's official shapes: every answer the adapter receives
 * goes through the SDK's transport, where this test captures it and checks it against the
 * validator the SDK itself attached to that request (e.g. `UserInviteApiResponseValidator`).
 */
import type { RequestInput } from 'unipile-node-sdk';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HOUR, MINUTE, simAccount, useUnipileSim } from './unipile-harness.js';

const h = useUnipileSim();
const account = simAccount(7);

interface Captured {
  endpoint: string;
  validator: unknown;
  hasValidator: boolean;
  valid: boolean;
  firstError: string | null;
}

let captured: Captured[] = [];
let restore: () => void = () => {};

beforeEach(() => {
  captured = [];
  const sender = h.network.client.request;
  const original = sender.send.bind(sender);
  sender.send = async <T>(input: RequestInput): Promise<T> => {
    // Ask for the raw answer, then check it with the validator the SDK chose for this endpoint.
    const body = await original<T>({
      ...input,
      options: { ...input.options, validateRequestPayload: false },
    });
    const validator = input.validator;
    const valid = validator?.Check(body) ?? false;
    const first = validator && !valid ? [...validator.Errors(body)][0] : undefined;
    captured.push({
      endpoint: `${input.method} /${input.path.join('/')}`,
      validator,
      hasValidator: validator !== undefined,
      valid,
      firstError: first ? `${first.path}: ${first.message}` : null,
    });
    return body;
  };
  restore = () => {
    sender.send = original;
  };
});
afterEach(() => restore());

describe('simulator answers against the SDK validators', () => {
  it('every answer of a full lead journey matches the validator of its endpoint', async () => {
    const lead = { publicIdentifier: 'katherine-johnson' };
    await h.network.resolveMember({ accountId: account, publicIdentifier: lead.publicIdentifier });
    await h.network.visitProfile({ accountId: account, lead });
    const invitation = await h.network.sendInvitation({ accountId: account, lead, note: 'Hi Katherine' });
    await h.network.reconcileInvitation({
      accountId: account,
      lead: { ...lead, providerId: invitation.providerId },
      since: new Date(0),
    });
    await h.network.reconcileInvitation({
      accountId: account,
      lead: { publicIdentifier: 'nobody-invited' },
      since: new Date(0),
    });
    h.clock.advance(HOUR);
    await h.sim.flush();
    await h.network.getRelationship({ accountId: account, lead });
    await h.network.sendMessage({ accountId: account, lead, content: 'First', inmail: 'never' });
    await h.network.sendMessage({ accountId: account, lead, content: 'Second', inmail: 'never' });
    await h.network.sendMessage({
      accountId: account,
      lead: { publicIdentifier: 'inmail-lead' },
      content: 'InMail',
      inmail: 'when_not_connected',
    });
    h.clock.advance(10 * MINUTE);
    await h.sim.flush();
    await h.network.reconcileMessage({ accountId: account, lead, content: 'Second', since: new Date(0) });
    await h.network.listRelations({ accountId: account, limit: 1 });
    await h.network.listRecentMessages({ accountId: account, since: new Date(0), limit: 2 });
    await h.network.getAccountStatus({ accountId: account });
    await h.network.createHostedAuthLink({
      type: 'create',
      name: 'acc_1',
      notifyUrl: 'http://127.0.0.1:9/notify',
      expiresAt: new Date(Date.now() + HOUR),
    });

    const endpoints = new Set(
      captured.map((c) => c.endpoint.replace(/ACoAA\w+|sbx-cnv-\w+|[\w-]+-(?:lead|johnson|invited)/g, ':id')),
    );
    expect([...endpoints].sort()).toEqual(
      [
        'GET /accounts/sim-account-7',
        'GET /chat_attendees/:id/chats',
        'GET /chats/:id/messages',
        'GET /messages',
        'GET /users/:id',
        'GET /users/invite/sent',
        'GET /users/relations',
        'POST /chats',
        'POST /chats/:id/messages',
        'POST /hosted/accounts/link',
        'POST /users/invite',
      ].sort(),
    );
    expect(captured.filter((c) => !c.hasValidator || !c.valid)).toEqual([]);
  });
});

describe('the validators captured are the SDK validators', () => {
  it('an invitation is checked with the SDK UserInviteApiResponseValidator', async () => {
    // The package's exports map hides the per-endpoint modules; load the very file the SDK uses.
    const sdkEntry = import.meta.resolve('unipile-node-sdk');
    const inviteTypes = (await import(new URL('./users/user-invite.types.js', sdkEntry).href)) as {
      UserInviteApiResponseValidator: { Code(): string };
    };
    await h.network.sendInvitation({ accountId: account, lead: { publicIdentifier: 'own-validator' } });
    const invite = captured.find((c) => c.endpoint === 'POST /users/invite');
    // The test runner may load the SDK twice, so the validators are compared by their generated code.
    expect((invite?.validator as { Code(): string } | undefined)?.Code()).toEqual(
      inviteTypes.UserInviteApiResponseValidator.Code(),
    );
  });
});
