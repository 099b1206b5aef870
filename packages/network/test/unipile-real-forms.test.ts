/**
 * The adapter against answers in the form the real Unipile API gives them, through the official
 * SDK, from a plain stub server: restrictions, our own key refused, InMail credits and balance,
 * the InMail api, profile sections, account states and null ids. These are what the simulator did
 * not give, so the adapter read them wrong without any test seeing it (issue 21).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createManualClock } from '../src/clock.js';
import {
  AccountRestrictedError,
  InsufficientInmailCreditsError,
  ProviderConfigurationError,
  ProviderLimitError,
  SessionExpiredError,
} from '../src/network.errors.js';
import type { ProviderCall } from '../src/provider/provider-call-meter.js';
import { type UnipileNetwork, createUnipileNetwork } from '../src/unipile/unipile-network.adapter.js';
import { START } from './unipile-harness.js';
import { type UnipileStub, problem, profileAnswer, startUnipileStub } from './unipile-stub.js';

const accountId = 'acc-real';
let stub: UnipileStub;
let network: UnipileNetwork;
const taken: ProviderCall[] = [];

beforeAll(async () => {
  stub = await startUnipileStub();
  network = createUnipileNetwork({
    dsn: stub.url,
    apiKey: 'key',
    clock: createManualClock(START),
    timeoutMs: 5_000,
    // The stub's bodies are minimal; the wire shapes are checked against the SDK with the simulator.
    validateResponses: 'off',
    callMeter: { take: async (call) => void taken.push(call) },
  });
});
afterAll(() => stub.close());
beforeEach(() => {
  stub.reset();
  taken.length = 0;
  stub.on('GET', /^\/users\/[^/]+$/, (request) => profileAnswer(request.path.split('/')[2] ?? ''));
  stub.on('GET', /^\/chat_attendees\/.+\/chats$/, {
    status: 200,
    body: { object: 'ChatList', items: [], cursor: null },
  });
});

const lead = { publicIdentifier: 'real-lead' };
const invite = () => network.sendInvitation({ accountId, lead }).catch((e: unknown) => e);

describe('restrictions and lost access, as the real API answers them', () => {
  it.each([
    [403, 'account_restricted'],
    [403, 'action_required'],
    [403, 'unknown_authentication_context'],
    [401, 'multiple_sessions'],
    [401, 'disconnected_feature'],
  ])('a %i errors/%s stops the account instead of ending the lead', async (status, type) => {
    stub.on('POST', /^\/users\/invite$/, problem(status, type, 'LinkedIn restricted this account'));
    const error = await invite();
    expect(error).toBeInstanceOf(AccountRestrictedError);
    expect(error).toMatchObject({ reason: type, detail: 'LinkedIn restricted this account' });
  });

  it('401 missing_credentials is our API key, not the account: no session is lost', async () => {
    stub.on('GET', /^\/users\/[^/]+$/, problem(401, 'missing_credentials'));
    const error = await network.resolveMember({ accountId, publicIdentifier: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderConfigurationError);
    expect(error).not.toBeInstanceOf(SessionExpiredError);
  });

  it('the weekly cap as real accounts see it (422 cannot_resend_yet) is a limit on invitations', async () => {
    stub.on(
      'POST',
      /^\/users\/invite$/,
      problem(422, 'cannot_resend_yet', 'You have reached a temporary provider limit'),
    );
    expect(await invite()).toMatchObject({
      constructor: ProviderLimitError,
      scope: 'invitations',
      retryAfterMs: null,
    });
  });

  it('a 500 on an invitation cools the account down, a 500 on a relations list does not', async () => {
    stub.on('POST', /^\/users\/invite$/, problem(500, 'unexpected_error'));
    stub.on('GET', /^\/users\/relations$/, problem(500, 'unexpected_error'));
    expect(await invite()).toMatchObject({ code: 'transient', accountCooldown: true });
    await expect(network.listRelations({ accountId })).rejects.toMatchObject({ accountCooldown: false });
  });
});

describe('InMail', () => {
  const inmail = (inmailApi?: 'classic' | 'sales_navigator' | 'recruiter') =>
    network.sendMessage({ accountId, lead, content: 'Hello', inmail: 'when_not_connected', inmailApi });

  it('an empty credit balance (insufficient_credits) is not a verdict on the lead', async () => {
    stub.on('POST', /^\/chats$/, problem(422, 'insufficient_credits'));
    await expect(inmail()).rejects.toBeInstanceOf(InsufficientInmailCreditsError);
  });

  it('sends Classic InMail by default, and Sales Navigator or Recruiter InMail through their own api', async () => {
    stub.on('POST', /^\/chats$/, {
      status: 201,
      body: { object: 'ChatStarted', chat_id: 'chat-1', message_id: 'msg-1' },
    });
    await inmail();
    await inmail('sales_navigator');
    await inmail('recruiter');
    const starts = stub.requests
      .filter((r) => r.method === 'POST' && r.path === '/chats')
      .map((r) => r.fields);
    expect(starts[0]).toMatchObject({ 'linkedin[api]': 'classic', 'linkedin[inmail]': 'true' });
    expect(starts[1]).toMatchObject({ 'linkedin[api]': 'sales_navigator' });
    expect(starts[2]).toMatchObject({ 'linkedin[api]': 'recruiter' });
    expect(starts[1]).not.toHaveProperty('linkedin[inmail]');
  });

  it('reads the credits left per api from the balance route, as an account read', async () => {
    stub.on('GET', /^\/linkedin\/inmail_balance$/, {
      status: 200,
      body: { object: 'LinkedinInmailBalance', premium: 3, sales_navigator: 12, recruiter: null },
    });
    expect(await network.getInmailBalance({ accountId })).toEqual({
      accountId,
      classic: 3,
      salesNavigator: 12,
      recruiter: null,
    });
    expect(stub.requests.at(-1)?.query.get('account_id')).toBe(accountId);
    expect(taken.map((call) => call.kind)).toEqual(['account_read']);
  });
});

describe('profiles', () => {
  it('a visit asks for the sections that carry company and summary, and reads them', async () => {
    stub.on('GET', /^\/users\/[^/]+$/, (request) =>
      profileAnswer('real-lead', {
        ...(request.query.get('linkedin_sections')
          ? { summary: 'Builds things', work_experience: [{ company: 'Acme', current: true }] }
          : {}),
      }),
    );
    const visit = await network.visitProfile({ accountId, lead });
    expect(visit.profile).toMatchObject({ companyName: 'Acme', summary: 'Builds things' });
    const query = stub.requests.at(-1)?.query;
    expect(query?.get('linkedin_sections')).toBe('experience,about');
    expect(query?.get('notify')).toBe('true');
  });

  it('resolving a member and reading a relationship ask for no section', async () => {
    await network.resolveMember({ accountId, publicIdentifier: 'real-lead' });
    await network.getRelationship({ accountId, lead });
    expect(stub.requests.map((r) => r.query.get('linkedin_sections'))).toEqual([null, null]);
  });
});

describe('account status', () => {
  it.each([
    ['OK', 'connected', true],
    ['CREDENTIALS', 'disconnected', false],
    ['ERROR', 'error', true],
    ['STOPPED', 'stopped', true],
    ['CONNECTING', 'connecting', true],
  ])('a source %s reads as %s', async (source, state, authenticated) => {
    stub.on('GET', /^\/accounts\/acc-real$/, {
      status: 200,
      body: {
        object: 'Account',
        type: 'LINKEDIN',
        id: accountId,
        name: 'Owner',
        created_at: START,
        connection_params: { im: { id: 'me', username: 'owner', premiumFeatures: ['sales_navigator'] } },
        sources: [{ id: 'src', status: source }],
      },
    });
    expect(await network.getAccountStatus({ accountId })).toEqual({
      accountId,
      state,
      authenticated,
      inmailAllowed: true,
      premiumFeatures: ['sales_navigator'],
    });
  });
});

describe('null ids', () => {
  it('a chat started without ids gets stable non-empty ids, never an empty one', async () => {
    stub.on('POST', /^\/chats$/, {
      status: 201,
      body: { object: 'ChatStarted', chat_id: null, message_id: null },
    });
    const first = await network.sendMessage({ accountId, lead, content: 'Hi', inmail: 'when_not_connected' });
    expect(first.chatId).not.toBe('');
    expect(first.messageId).not.toBe('');
    expect(first.chatId).toBe(`unipile:chat:${accountId}:ACoAA-real-lead`);
    const again = await network.sendMessage({
      accountId,
      lead,
      content: 'Hi again',
      inmail: 'when_not_connected',
    });
    expect(again.chatId).toBe(first.chatId);
    expect(again.messageId).not.toBe(first.messageId);
  });
});

describe('sent invitations', () => {
  it('withdraws by id with the account in the query; a 404 of either type is not_found (done), a 429 a limit', async () => {
    stub.on('DELETE', /^\/users\/invite\/sent\/[^/]+$/, {
      status: 200,
      body: { object: 'InvitationCanceled' },
    });
    const withdrawn = await network.withdrawInvitation({ accountId, invitationId: 'inv 1' });
    expect(withdrawn.outcome).toBe('withdrawn');
    expect(stub.requests.at(-1)).toMatchObject({ method: 'DELETE', path: '/users/invite/sent/inv%201' });
    expect(stub.requests.at(-1)?.query.get('account_id')).toBe(accountId);
    expect(taken.map((c) => c.kind)).toEqual(['write']);
    for (const type of ['resource_not_found', 'invalid_resource_identifier']) {
      stub.on('DELETE', /^\/users\/invite\/sent\/[^/]+$/, problem(404, type));
      expect((await network.withdrawInvitation({ accountId, invitationId: 'inv-1' })).outcome).toBe(
        'not_found',
      );
    }
    stub.on('DELETE', /^\/users\/invite\/sent\/[^/]+$/, problem(429, 'too_many_requests'));
    await expect(network.withdrawInvitation({ accountId, invitationId: 'inv-1' })).rejects.toBeInstanceOf(
      ProviderLimitError,
    );
  });

  it('lists invitations whose invitee or date the provider does not give, with nulls rather than guesses', async () => {
    stub.on('GET', /^\/users\/invite\/sent$/, {
      status: 200,
      body: {
        object: 'InvitationList',
        items: [
          {
            object: 'InvitationSent',
            id: 'inv-2',
            date: 'Sent 2 weeks ago',
            parsed_datetime: null,
            invited_user: null,
            invited_user_id: null,
            invited_user_public_id: null,
            invited_user_description: null,
            invitation_text: null,
          },
          {
            object: 'InvitationSent',
            id: 'inv-3',
            date: 'Sent today',
            parsed_datetime: '2025-03-03T08:00:00.000Z',
            invited_user: 'Ada',
            invited_user_id: 'ACoAA-ada',
            invited_user_public_id: 'ada',
            invited_user_description: null,
            invitation_text: null,
          },
        ],
        cursor: 'next',
      },
    });
    expect(await network.listSentInvitations({ accountId, limit: 2 })).toEqual({
      items: [
        { invitationId: 'inv-2', providerId: null, publicIdentifier: null, sentAt: null },
        {
          invitationId: 'inv-3',
          providerId: 'ACoAA-ada',
          publicIdentifier: 'ada',
          sentAt: new Date('2025-03-03T08:00:00.000Z'),
        },
      ],
      cursor: 'next',
    });
    expect(stub.requests.at(-1)?.query.get('limit')).toBe('2');
  });
});
