import express, { Router } from 'express';
import { z } from 'zod';
import { faultSpecSchema } from '../simulation/fault-injector.js';
import { RECEIVED_ACTION_TYPES } from '../simulation/received-log.js';
import { forceAcceptance, forceInboundMessage } from './sim-actions.js';
import { SimProblem } from './sim-problem.js';
import type { UnipileSimState } from './sim-state.js';
import { accountView } from './sim-views.js';
import type { WebhookPusher } from './sim-webhook-pusher.js';

export const SIM_CONTROL_PREFIX = '/_sim';

function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input ?? {});
  if (!parsed.success) throw new SimProblem(400, 'invalid_parameters', z.prettifyError(parsed.error));
  return parsed.data;
}

const accountChangesSchema = z.strictObject({
  name: z.string().min(1).optional(),
  premium: z.boolean().optional(),
  inmailCredits: z.number().int().min(0).optional(),
});
const leadSchema = z.strictObject({ publicIdentifier: z.string().min(1) });
const inboundSchema = leadSchema.extend({ content: z.string().min(1) });
const receivedQuerySchema = z.object({
  accountId: z.string().optional(),
  publicIdentifier: z.string().optional(),
  type: z.enum(RECEIVED_ACTION_TYPES).optional(),
});

/** Test and demo controls: not part of Unipile's API, never behind the API key. */
export function createSimControlRouter(state: UnipileSimState, pusher: WebhookPusher): Router {
  const router = Router();
  router.use(express.json({ limit: '100kb' }));

  router.put('/accounts/:id', (req, res) => {
    const changes = parse(accountChangesSchema, req.body);
    const account = state.account(req.params.id);
    if (changes.name !== undefined) account.name = changes.name;
    if (changes.premium !== undefined) account.premium = changes.premium;
    if (changes.inmailCredits !== undefined) account.inmailCredits = changes.inmailCredits;
    res.json(accountView(account));
  });
  router.post('/accounts/:id/session-expiry', (req, res) => {
    res.json(accountView(state.expireSession(req.params.id)));
  });
  router.post('/accounts/:id/reconnect', (req, res) => {
    res.json(accountView(state.reconnect(req.params.id)));
  });
  router.post('/accounts/:id/inbound-messages', (req, res) => {
    const { publicIdentifier, content } = parse(inboundSchema, req.body);
    const message = forceInboundMessage(state, req.params.id, publicIdentifier, content);
    res.status(201).json({ messageId: message.id, chatId: message.chatId });
  });
  router.post('/accounts/:id/acceptances', (req, res) => {
    const { publicIdentifier } = parse(leadSchema, req.body);
    const pair = forceAcceptance(state, req.params.id, publicIdentifier);
    res.status(201).json({ providerId: pair.providerId, relationship: pair.relationship });
  });

  router.post('/faults', (req, res) => {
    res.status(201).json(state.faults.arm(parse(faultSpecSchema, req.body)));
  });
  router.get('/faults', (_req, res) => {
    res.json({ faults: state.faults.list() });
  });
  router.delete('/faults', (_req, res) => {
    state.faults.clear();
    res.status(204).end();
  });

  router.get('/received', (req, res) => {
    res.json({ actions: state.log.list(parse(receivedQuerySchema, req.query)) });
  });
  router.get('/webhooks', (_req, res) => {
    res.json({ deliveries: pusher.list() });
  });
  router.post('/webhooks/drop', (req, res) => {
    const { count } = parse(z.strictObject({ count: z.number().int().min(1) }), req.body);
    pusher.dropNextWebhooks(count);
    res.status(204).end();
  });
  router.put('/webhooks/url', (req, res) => {
    const { url } = parse(z.strictObject({ url: z.url().nullable() }), req.body);
    pusher.setUrl(url ?? undefined);
    res.status(204).end();
  });
  /** Settles what is due now and waits until every webhook so far is delivered or given up on. */
  router.post('/flush', async (_req, res) => {
    state.settle();
    await pusher.idle();
    res.status(204).end();
  });
  router.post('/reset', (_req, res) => {
    state.reset();
    pusher.clear();
    res.status(204).end();
  });
  router.get('/clock', (_req, res) => {
    res.json({ now: new Date(state.now()).toISOString() });
  });
  return router;
}
