import { Router } from 'express';
import { z } from 'zod';
import { faultSpecSchema } from './fault-injector.js';
import { ProviderError } from './provider-error.js';
import { RECEIVED_ACTION_TYPES } from './received-log.js';
import { parseInput } from './route-helpers.js';
import type { SandboxNetworkState } from './sandbox-state.js';

export const SANDBOX_CONTROL_PREFIX = '/_sandbox';

const accountChangesSchema = z.strictObject({ inmailAllowed: z.boolean().optional() });
const sessionExpirySchema = z.strictObject({
  reason: z.string().min(1).default('session expired by the sandbox'),
});
const inboundMessageSchema = z.strictObject({
  publicIdentifier: z.string().min(1),
  content: z.string().min(1),
});
const acceptanceSchema = z.strictObject({ publicIdentifier: z.string().min(1) });
const receivedQuerySchema = z.object({
  accountId: z.string().min(1).optional(),
  publicIdentifier: z.string().min(1).optional(),
  type: z.enum(RECEIVED_ACTION_TYPES).optional(),
});

/**
 * Test and demo controls, not part of any provider's API: accounts, faults, forced events, the
 * log of what was received, and a reset.
 */
export function createControlRouter(state: SandboxNetworkState): Router {
  const router = Router();

  router.get('/clock', (_req, res) => {
    res.json({ now: state.now().toISOString() });
  });

  router.get('/settings', (_req, res) => {
    res.json(state.settings);
  });

  router.get('/accounts/:accountId', (req, res) => {
    const account = state.findAccount(req.params.accountId);
    if (!account) throw new ProviderError(404, 'not_found', `no account ${req.params.accountId}`);
    res.json(account);
  });

  router.put('/accounts/:accountId', (req, res) => {
    const changes = parseInput(accountChangesSchema, req.body);
    res.json(state.upsertAccount(req.params.accountId, changes));
  });

  router.post('/accounts/:accountId/session-expiry', (req, res) => {
    const { reason } = parseInput(sessionExpirySchema, req.body);
    res.json(state.expireSession(req.params.accountId, reason));
  });

  router.post('/accounts/:accountId/reconnect', (req, res) => {
    res.json(state.reconnect(req.params.accountId));
  });

  router.post('/accounts/:accountId/inbound-messages', (req, res) => {
    const { publicIdentifier, content } = parseInput(inboundMessageSchema, req.body);
    res.status(201).json(state.forceInboundMessage(req.params.accountId, publicIdentifier, content));
  });

  router.post('/accounts/:accountId/acceptances', (req, res) => {
    const { publicIdentifier } = parseInput(acceptanceSchema, req.body);
    res.status(201).json(state.forceAcceptance(req.params.accountId, publicIdentifier));
  });

  router.get('/faults', (_req, res) => {
    res.json({ items: state.faults.list() });
  });

  router.post('/faults', (req, res) => {
    res.status(201).json(state.faults.arm(parseInput(faultSpecSchema, req.body)));
  });

  router.delete('/faults', (_req, res) => {
    state.faults.clear();
    res.status(204).end();
  });

  router.get('/received', (req, res) => {
    const items = state.log.list(parseInput(receivedQuerySchema, req.query));
    res.json({ total: items.length, items });
  });

  router.post('/reset', (_req, res) => {
    state.reset();
    res.status(204).end();
  });

  return router;
}
