import express, { type Request, Router } from 'express';
import type { HangTimers } from '../simulation/hang-timers.js';
import { invite, sendToChat, startChat, viewProfile, withdrawInvitation } from './sim-actions.js';
import type { ProviderCallKind } from './sim-call-log.js';
import {
  type RouteCall,
  gate,
  optionalAfter,
  optionalLimit,
  readForm,
  recordCall,
  requiredString,
} from './sim-http.js';
import type { SimHostedAuth } from './sim-hosted-auth.js';
import { addLeadSourceRoutes } from './sim-lead-source-routes.js';
import { pageOf } from './sim-model.js';
import { SimProblem } from './sim-problem.js';
import { INMAIL_APIS, type InmailApi } from './sim-rules.js';
import type { SandboxOperation } from '../simulation/fault-injector.js';
import {
  accountMessages,
  chatMessages,
  chatsWithAttendee,
  invitationsSent,
  relations,
} from './sim-queries.js';
import type { UnipileSimState } from './sim-state.js';
import {
  accountView,
  chatView,
  inmailBalanceView,
  invitationView,
  messageView,
  profileView,
  relationView,
  requestedSections,
} from './sim-views.js';

const call = (operation: SandboxOperation, kind: ProviderCallKind, route: string): RouteCall => ({
  operation,
  kind,
  route,
});

function inmailApiOf(value: unknown): InmailApi {
  if (value === null || value === undefined || value === '') return 'classic';
  if (typeof value === 'string' && (INMAIL_APIS as readonly string[]).includes(value))
    return value as InmailApi;
  throw new SimProblem(400, 'invalid_parameters', `linkedin[api] must be one of ${INMAIL_APIS.join(', ')}`);
}

const queryAccount = (req: Request) => String(req.query.account_id ?? '');
const bodyAccount = (req: Request) =>
  String((req.body as { account_id?: unknown } | undefined)?.account_id ?? '');

/** Unipile's v1 API, for every endpoint the adapter uses, under `/api/v1` with `X-API-KEY`. */
export function createUnipileApiRouter(
  state: UnipileSimState,
  hangs: HangTimers,
  hosted: SimHostedAuth,
): Router {
  const router = Router();
  router.use((req, _res, next) => {
    if (req.get('x-api-key') !== state.settings.apiKey)
      throw new SimProblem(401, 'unauthorized', 'missing or wrong X-API-KEY');
    next();
  });
  const json = express.json({ limit: '100kb' });
  const chatAccount = (req: Request) => state.chats.get(String(req.params.chat_id))?.accountId ?? '';

  router.get(
    '/users/relations',
    gate(state, hangs, call('pollEvents', 'list_read', 'GET /users/relations'), queryAccount, (req) => {
      const accountId = requiredString(req.query.account_id, 'account_id');
      const page = pageOf(
        relations(state, accountId),
        req.query.cursor as string | undefined,
        optionalLimit(req.query.limit, 1000),
      );
      return {
        status: 200,
        body: {
          object: 'UserRelationsList',
          items: page.items.map((p) => relationView(state.oracle, p)),
          cursor: page.cursor,
        },
      };
    }),
  );

  router.get(
    '/users/invite/sent',
    gate(state, hangs, call('pollEvents', 'list_read', 'GET /users/invite/sent'), queryAccount, (req) => {
      const accountId = requiredString(req.query.account_id, 'account_id');
      const page = pageOf(
        invitationsSent(state, accountId),
        req.query.cursor as string | undefined,
        optionalLimit(req.query.limit),
      );
      return {
        status: 200,
        body: {
          object: 'InvitationList',
          items: page.items.map((i) => invitationView(state.oracle, i)),
          cursor: page.cursor,
        },
      };
    }),
  );

  router.delete(
    '/users/invite/sent/:invitation_id',
    gate(
      state,
      hangs,
      call('withdrawInvitation', 'write', 'DELETE /users/invite/sent/:invitation_id'),
      queryAccount,
      (req) => {
        const accountId = requiredString(req.query.account_id, 'account_id');
        withdrawInvitation(state, accountId, String(req.params.invitation_id));
        return { status: 200, body: { object: 'InvitationCanceled' } };
      },
    ),
  );

  router.post(
    '/users/invite',
    json,
    gate(state, hangs, call('sendInvitation', 'write', 'POST /users/invite'), bodyAccount, (req) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const accountId = requiredString(body.account_id, 'account_id');
      const providerId = requiredString(body.provider_id, 'provider_id');
      const note = typeof body.message === 'string' ? body.message : undefined;
      const invitationId = invite(state, accountId, providerId, note);
      return { status: 201, body: { object: 'UserInvitationSent', invitation_id: invitationId } };
    }),
  );

  router.get('/users/:identifier', (req, res, next) => {
    const notify = req.query.notify === 'true';
    const operation = notify ? 'visitProfile' : 'getRelationship';
    return gate(
      state,
      hangs,
      call(operation, 'profile_read', 'GET /users/:identifier'),
      queryAccount,
      (r) => {
        const accountId = requiredString(r.query.account_id, 'account_id');
        const pair = viewProfile(state, accountId, String(r.params.identifier), notify);
        const sections = requestedSections(r.query.linkedin_sections);
        return { status: 200, body: profileView(state.oracle, pair, state.account(accountId), sections) };
      },
    )(req, res, next);
  });

  router.get(
    '/chat_attendees/:attendee_id/chats',
    gate(
      state,
      hangs,
      call('getRelationship', 'list_read', 'GET /chat_attendees/:attendee_id/chats'),
      queryAccount,
      (req) => {
        const accountId = requiredString(req.query.account_id, 'account_id');
        const chats = chatsWithAttendee(state, accountId, String(req.params.attendee_id));
        return { status: 200, body: { object: 'ChatList', items: chats.map(chatView), cursor: null } };
      },
    ),
  );

  router.post(
    '/chats',
    gate(
      state,
      hangs,
      call('sendMessage', 'write', 'POST /chats'),
      // The account is in the multipart body, so that faults armed for one account hit its chats.
      async (req) => {
        const account = (await readForm(req)).get('account_id');
        return typeof account === 'string' ? account : '';
      },
      async (req) => {
        const form = await readForm(req);
        const accountId = requiredString(form.get('account_id'), 'account_id');
        const attendee = requiredString(form.get('attendees_ids'), 'attendees_ids');
        const text = requiredString(form.get('text'), 'text');
        const message = startChat(state, accountId, attendee, text, {
          inmail: form.get('linkedin[inmail]') === 'true',
          api: inmailApiOf(form.get('linkedin[api]')),
        });
        return {
          status: 201,
          body: { object: 'ChatStarted', chat_id: message.chatId, message_id: message.id },
        };
      },
    ),
  );

  router.post(
    '/chats/:chat_id/messages',
    gate(
      state,
      hangs,
      call('sendMessage', 'write', 'POST /chats/:chat_id/messages'),
      chatAccount,
      async (req) => {
        const form = await readForm(req);
        const message = sendToChat(
          state,
          String(req.params.chat_id),
          requiredString(form.get('text'), 'text'),
        );
        return { status: 201, body: { object: 'MessageSent', message_id: message.id } };
      },
    ),
  );

  router.get(
    '/chats/:chat_id/messages',
    gate(
      state,
      hangs,
      call('pollEvents', 'list_read', 'GET /chats/:chat_id/messages'),
      chatAccount,
      (req) => {
        const chat = state.chats.get(String(req.params.chat_id));
        if (!chat) throw new SimProblem(404, 'resource_not_found', `no chat ${String(req.params.chat_id)}`);
        const all = chatMessages(state, chat, optionalAfter(req.query.after));
        const page = pageOf(all, req.query.cursor as string | undefined, optionalLimit(req.query.limit));
        return {
          status: 200,
          body: { object: 'MessageList', items: page.items.map(messageView), cursor: page.cursor },
        };
      },
    ),
  );

  router.get(
    '/messages',
    gate(state, hangs, call('pollEvents', 'list_read', 'GET /messages'), queryAccount, (req) => {
      const accountId = requiredString(req.query.account_id, 'account_id');
      const all = accountMessages(state, accountId, optionalAfter(req.query.after));
      const page = pageOf(all, req.query.cursor as string | undefined, optionalLimit(req.query.limit));
      return {
        status: 200,
        body: { object: 'MessageList', items: page.items.map(messageView), cursor: page.cursor },
      };
    }),
  );

  // The account stays readable without a session: it is how its status is learned.
  router.get('/accounts/:account_id', (req, res) => {
    state.settle();
    const account = state.accounts.get(String(req.params.account_id));
    recordCall(state, res, account?.id ?? '', { kind: 'account_read', route: 'GET /accounts/:account_id' });
    if (!account)
      throw new SimProblem(404, 'resource_not_found', `no account ${String(req.params.account_id)}`);
    res.json(accountView(account));
  });

  // GET /api/v1/linkedin/inmail_balance: the credits of each subscribed service, null for a
  // service the account does not have (https://developer.unipile.com/v2.0/reference/getinmailcredits).
  router.get('/linkedin/inmail_balance', (req, res) => {
    const accountId = requiredString(req.query.account_id, 'account_id');
    recordCall(state, res, accountId, { kind: 'account_read', route: 'GET /linkedin/inmail_balance' });
    const account = state.activeAccount(accountId);
    res.json(inmailBalanceView(account, state.inmailBalance(account)));
  });

  router.post('/hosted/accounts/link', json, (req, res) => {
    res.status(201).json({ object: 'HostedAuthUrl', url: hosted.createLink(req.body) });
  });

  addLeadSourceRoutes(router, state, hangs);
  return router;
}
