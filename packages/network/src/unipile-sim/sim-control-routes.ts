import express, { Router } from 'express';
import { z } from 'zod';
import { faultSpecSchema } from '../simulation/fault-injector.js';
import { postSocialId } from '../unipile/linkedin-urls.js';
import { RECEIVED_ACTION_TYPES } from '../simulation/received-log.js';
import { forceAcceptance, forceInboundMessage } from './sim-actions.js';
import { PROVIDER_CALL_KINDS } from './sim-call-log.js';
import { restrictionView } from './sim-control-views.js';
import { SimProblem } from './sim-problem.js';
import { SIM_TIERS } from './sim-rules.js';
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
  tier: z.enum(SIM_TIERS).optional(),
  /** Old knob: premium or free. */
  premium: z.boolean().optional(),
  /** Credits left this month. */
  inmailCredits: z.number().int().min(0).optional(),
  /** The provider status to report (and send as a webhook), e.g. ERROR or STOPPED. */
  status: z.enum(['OK', 'CREDENTIALS', 'ERROR', 'STOPPED']).optional(),
});
const newAccountSchema = z.strictObject({
  id: z.string().min(1).optional(),
  name: z.string().min(1).optional(),
  tier: z.enum(SIM_TIERS).default('premium'),
});
/**
 * The restrictions LinkedIn imposes, with the status Unipile answers them with
 * (https://developer.unipile.com/v2.0/reference/error-responses).
 */
const RESTRICTIONS = {
  account_restricted: 403,
  action_required: 403,
  unknown_authentication_context: 403,
  disconnected_feature: 403,
  multiple_sessions: 401,
} as const;
const restrictionSchema = z.strictObject({
  reason: z.enum(Object.keys(RESTRICTIONS) as [keyof typeof RESTRICTIONS]),
  detail: z.string().min(1).optional(),
});
const callsQuerySchema = z.object({
  accountId: z.string().optional(),
  kind: z.enum(PROVIDER_CALL_KINDS).optional(),
  since: z.iso.datetime({ offset: true }).optional(),
  until: z.iso.datetime({ offset: true }).optional(),
  succeeded: z.stringbool().optional(),
});
const leadSchema = z.strictObject({ publicIdentifier: z.string().min(1) });
const inboundSchema = leadSchema.extend({ content: z.string().min(1) });
/** "A search for these keywords has `total` results" (the pasted URL's keywords, or a body's). */
const searchTotalSchema = z.strictObject({
  keywords: z.string(),
  total: z.number().int().min(0).max(1_000_000),
});
/** A post's engagement; `fromKeywords` takes its people from that search (so they overlap with it). */
const postSchema = z.strictObject({
  post: z.string().min(1),
  reactions: z.number().int().min(0).max(100_000),
  comments: z.number().int().min(0).max(100_000),
  overlap: z.number().int().min(0).default(0),
  fromKeywords: z.string().optional(),
});
const leadListSchema = z.strictObject({
  name: z.string().min(1),
  size: z.number().int().min(0).max(100_000),
  fromKeywords: z.string().optional(),
});
const receivedQuerySchema = z.object({
  accountId: z.string().optional(),
  publicIdentifier: z.string().optional(),
  type: z.enum(RECEIVED_ACTION_TYPES).optional(),
});

/** Test and demo controls: not part of Unipile's API, never behind the API key. */
export function createSimControlRouter(state: UnipileSimState, pusher: WebhookPusher): Router {
  const router = Router();
  router.use(express.json({ limit: '100kb' }));

  /** A connected account of a given tier (an id in Unipile's form when none is given). */
  router.post('/accounts', (req, res) => {
    const { id, name, tier } = parse(newAccountSchema, req.body);
    const accountId = id ?? state.newAccountId(name ?? 'account');
    res.status(201).json(accountView(state.createAccount(accountId, tier, name)));
  });
  router.put('/accounts/:id', (req, res) => {
    const changes = parse(accountChangesSchema, req.body);
    const account = state.account(req.params.id);
    if (changes.name !== undefined) account.name = changes.name;
    const tier =
      changes.tier ?? (changes.premium === undefined ? undefined : changes.premium ? 'premium' : 'free');
    if (tier !== undefined) state.setTier(account, tier);
    if (changes.inmailCredits !== undefined) {
      state.inmailBalance(account);
      account.inmailCredits = changes.inmailCredits;
    }
    if (changes.status !== undefined) state.setStatus(account, changes.status);
    res.json(accountView(account));
  });
  /** Whether LinkedIn restricts the account, why and since when, and what it has used. */
  router.get('/accounts/:id/restriction', (req, res) => {
    state.settle();
    const account = state.accounts.get(req.params.id);
    if (!account) throw new SimProblem(404, 'resource_not_found', `no account ${req.params.id}`);
    res.json(restrictionView(state, account));
  });
  /** LinkedIn restricts the account now, for the given reason. */
  router.post('/accounts/:id/restriction', (req, res) => {
    const { reason, detail } = parse(restrictionSchema, req.body);
    const account = state.account(req.params.id);
    state.restrict(account, {
      status: RESTRICTIONS[reason],
      reason,
      detail: detail ?? `LinkedIn: ${reason}`,
    });
    res.status(201).json(restrictionView(state, account));
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

  router.post('/searches', (req, res) => {
    const { keywords, total } = parse(searchTotalSchema, req.body);
    state.leadSources.setSearchTotal(keywords, total);
    res.status(201).json({ keywords, total });
  });
  router.post('/posts', (req, res) => {
    const { post, fromKeywords, ...counts } = parse(postSchema, req.body);
    let postId: string;
    try {
      postId = postSocialId(post);
    } catch {
      throw new SimProblem(400, 'invalid_parameters', 'post must be a LinkedIn post URL, URN or activity id');
    }
    state.leadSources.setPost(postId, { ...counts, fromKeywords: fromKeywords ?? null });
    res.status(201).json({ postId, ...state.leadSources.post(postId) });
  });
  /** A Sales Navigator lead list of the account (its tier is not checked: the search route does). */
  router.post('/accounts/:id/lead-lists', (req, res) => {
    const input = parse(leadListSchema, req.body);
    res.status(201).json(state.leadSources.addLeadList(state.account(req.params.id).id, input));
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
  router.get('/calls', (req, res) => {
    const { since, until, ...filter } = parse(callsQuerySchema, req.query);
    res.json({
      calls: state.calls.list({
        ...filter,
        since: since === undefined ? undefined : new Date(since),
        until: until === undefined ? undefined : new Date(until),
      }),
    });
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
