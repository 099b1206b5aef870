import { type Request, type Response, Router } from 'express';
import {
  IDEMPOTENCY_KEY_HEADER,
  eventsQuerySchema,
  invitationRequestSchema,
  messageRequestSchema,
  profileVisitRequestSchema,
} from '../wire/provider-wire.schema.js';
import type { Fault, SandboxOperation } from './fault-injector.js';
import type { HangTimers } from './hang-timers.js';
import type { StoredResponse } from './idempotency-store.js';
import { ProviderError } from './provider-error.js';
import { parseInput } from './route-helpers.js';
import type { SandboxNetworkState } from './sandbox-state.js';

type AccountRequest = Request<{ accountId: string; publicIdentifier?: string }>;
type Operation = (accountId: string, req: AccountRequest) => StoredResponse;

/**
 * The provider API. Each call goes through the same gate: an armed fault first (as a real network
 * fails before the provider sees anything), then the session, then the idempotency store, and
 * only then the action.
 */
export function createProviderRouter(state: SandboxNetworkState, hangs: HangTimers): Router {
  const router = Router();

  const gate =
    (operation: SandboxOperation, run: Operation) => async (req: AccountRequest, res: Response) => {
      const { accountId } = req.params;
      const fault = state.faults.take(accountId, operation);
      if (fault && !fault.afterAction) return failWith(fault, res);
      const response = run(accountId, req);
      if (fault) return failWith(fault, res);
      res.status(response.status).json(response.body);
    };

  const action = (operation: SandboxOperation, run: Operation) =>
    gate(operation, (accountId, req) => {
      state.activeAccount(accountId);
      const key = req.get(IDEMPOTENCY_KEY_HEADER)?.trim();
      if (!key)
        throw new ProviderError(400, 'invalid_request', `${IDEMPOTENCY_KEY_HEADER} header is required`);
      const stored = state.responses.find(accountId, operation, key);
      if (stored) return stored;
      const response = run(accountId, req);
      state.responses.remember(accountId, operation, key, response);
      return response;
    });

  async function failWith(fault: Fault, res: Response): Promise<void> {
    if (fault.kind === 'timeout') {
      await hangs.wait(fault.hangMs ?? state.settings.timeoutHangMs);
      if (res.writableEnded || res.destroyed) return;
      throw new ProviderError(504, 'timeout', 'the provider did not answer in time');
    }
    if (fault.kind === 'rate_limit') {
      throw new ProviderError(429, 'rate_limited', 'too many requests for this account', fault.retryAfterMs);
    }
    throw new ProviderError(fault.status, 'server_error', 'the provider failed');
  }

  const key = (req: AccountRequest) => req.get(IDEMPOTENCY_KEY_HEADER)?.trim() ?? '';

  router.post(
    '/v1/accounts/:accountId/invitations',
    action('sendInvitation', (accountId, req) => {
      const input = parseInput(invitationRequestSchema, req.body);
      return { status: 201, body: state.sendInvitation(accountId, input, key(req)) };
    }),
  );

  router.post(
    '/v1/accounts/:accountId/messages',
    action('sendMessage', (accountId, req) => {
      const input = parseInput(messageRequestSchema, req.body);
      return { status: 201, body: state.sendMessage(accountId, input, key(req)) };
    }),
  );

  router.post(
    '/v1/accounts/:accountId/profile-visits',
    action('visitProfile', (accountId, req) => {
      const { publicIdentifier } = parseInput(profileVisitRequestSchema, req.body);
      return { status: 200, body: state.visitProfile(accountId, publicIdentifier, key(req)) };
    }),
  );

  router.get(
    '/v1/accounts/:accountId/relationships/:publicIdentifier',
    gate('getRelationship', (accountId, req) => ({
      status: 200,
      body: state.relationship(accountId, req.params.publicIdentifier ?? ''),
    })),
  );

  router.get(
    '/v1/accounts/:accountId/events',
    gate('pollEvents', (accountId, req) => {
      const query = parseInput(eventsQuerySchema, req.query);
      return { status: 200, body: state.events(accountId, Number(query.cursor ?? 0), query.limit) };
    }),
  );

  return router;
}
