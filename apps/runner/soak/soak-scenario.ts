/**
 * The soak scenario: sender accounts of mixed tiers (one connected on the first day, so it warms
 * up), several campaigns and their leads, run for simulated days against the strict Unipile
 * simulator with its faults on. The clock is moved between passes to the next due lead, never by
 * less than `minJumpMs` nor more than `maxJumpMs`, through nights and weekends. A session that
 * expires (about every 30 days) is reconnected as a user would, and reported.
 */
import { newId, type Db, type Lead, type StepInput, type WorkspaceId } from '@outreach/db';
import type { AccountTier, LimitSettings } from '@outreach/domain';
import type { SimTier, UnipileSimulatorOptions } from '@outreach/network';
import { step } from '../test/support/sequence-steps.js';
import { startSoakWorld, type SoakWorld } from './soak-world.js';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export interface SoakAccountPlan {
  tier: AccountTier & SimTier;
  /** Connected when the soak starts: its warm-up starts then (else an established account). */
  newlyConnected?: boolean;
  inmail?: boolean;
  /** The user's limit settings (raised within the tier's ceilings, or lowered). */
  limitSettings?: LimitSettings;
}

/**
 * A list of leads that accepts at its own rate (the simulator's `audienceAcceptProbability` keyed
 * by `prefix`), run as one campaign of an invitation and a message through its own accounts.
 */
export interface SoakAudience {
  prefix: string;
  /** Indexes into `accounts`: the senders of this audience's campaign. */
  accounts: number[];
  leads: number;
}

export interface SoakOptions {
  days: number;
  accounts: SoakAccountPlan[];
  /** Leads per campaign; the campaigns share the accounts out between them. */
  leadsPerCampaign: number;
  campaigns: number;
  /** Instead of `campaigns`: one campaign per audience, through its own accounts. */
  audiences?: SoakAudience[];
  pollsPerDay?: number;
  seed?: string;
  minJumpMs?: number;
  maxJumpMs?: number;
  /** A Monday morning, far in the future: usage counters carry a TTL swept in real time. */
  start?: string;
  simulator?: UnipileSimulatorOptions;
  /** Given the soak's clock as soon as it exists (the data layer stamps records with it). */
  onClock?: (clock: () => Date) => void;
  /** Called about once a simulated day with progress. */
  progress?: (line: string) => void;
  /** Called after every pass, to sample what the soak watches. */
  onPass?: (world: SoakWorld) => void | Promise<void>;
}

export interface SoakAccount {
  id: string;
  name: string;
  tier: AccountTier;
  newlyConnected: boolean;
  /** Leads of this account whose sequence starts with an invitation. */
  invitationLeads: number;
}

/** Accounts still holding leads that were never invited, at the end of each soak week. */
export type WeeklyBacklog = Array<Record<string, number>>;

export interface SoakRun {
  world: SoakWorld;
  workspaceId: WorkspaceId;
  campaignIds: string[];
  accounts: SoakAccount[];
  startedAt: Date;
  endedAt: Date;
  passes: number;
  reconnections: Array<{ accountId: string; at: Date }>;
  /** Per soak week, the leads of each account still to invite at its end. */
  backlog: WeeklyBacklog;
  pollsPerDay: number;
  /** Every lead as the soak left it. */
  leads: Lead[];
}

/** Sequences of the campaigns, in turn: with a note and a visit, without a note, and a follow-up. */
function sequences(): StepInput[][] {
  const note = 'Hello {{firstName}}, I enjoyed reading about {{companyName}}. Shall we connect?';
  return [
    [
      step('invitation', { genericBody: note }),
      step('message', {
        delay: 1,
        stopOnReply: true,
        bodies: ['Thanks {{firstName}}!', 'Glad to connect, {{firstName}}.'],
      }),
      step('message', { delay: 3, bodies: ['Any thoughts on {{companyName}}, {{firstName}}?'] }),
    ],
    [
      step('visit_profile'),
      step('invitation', { delay: 1 }),
      step('message', { delay: 1, bodies: ['Nice to meet you {{firstName}}.'] }),
    ],
    [step('invitation'), step('message', { delay: 2, bodies: ['Hi {{firstName}}, quick question.'] })],
  ];
}

export async function runSoak(db: Db, options: SoakOptions): Promise<SoakRun> {
  const start = options.start ?? '2099-03-02T08:00:00.000Z';
  const pollsPerDay = options.pollsPerDay ?? 4;
  const world = await startSoakWorld(db, {
    start,
    seed: options.seed ?? 'soak',
    pollsPerDay,
    ...(options.simulator ? { simulator: options.simulator } : {}),
  });
  const { clock, sim } = world;
  options.onClock?.(clock);
  const workspace = await db.workspaces.createWorkspace({
    name: `soak ${newId('workspace')}`,
    plan: 'agency',
  });
  const workspaceId = workspace.id;
  const accounts: SoakAccount[] = [];
  for (const [n, plan] of options.accounts.entries()) {
    const created = await db.senderAccounts.create(workspaceId, {
      name: `${plan.tier} ${n}`,
      publicIdentifier: `soak-sender-${n}-${newId('account').slice(-6)}`,
      tier: plan.tier,
      inmailAllowed: plan.inmail ?? false,
      warmUpStartedAt: plan.newlyConnected ? clock() : null,
      ...(plan.limitSettings ? { limitSettings: plan.limitSettings } : {}),
    });
    sim.state.createAccount(created.id, plan.tier, created.name);
    accounts.push({
      id: created.id,
      name: created.name,
      tier: plan.tier,
      newlyConnected: plan.newlyConnected ?? false,
      invitationLeads: 0,
    });
  }

  const campaignIds: string[] = [];
  const plans = sequences();
  const leadsOfCampaign = new Map<string, Array<{ id: string; accountId: string }>>();
  const campaignPlans = (options.audiences ?? []).map((audience) => ({
    prefix: audience.prefix,
    leads: audience.leads,
    steps: [step('invitation'), step('message', { delay: 2, bodies: ['Hi {{firstName}}, quick question.'] })],
    senders: audience.accounts.flatMap((index) => (accounts[index] ? [accounts[index].id] : [])),
  }));
  if (campaignPlans.length === 0) {
    for (let c = 0; c < options.campaigns; c += 1) {
      campaignPlans.push({
        prefix: `soak-${c}-`,
        leads: options.leadsPerCampaign,
        steps: plans[c % plans.length] ?? [],
        // Every account serves every campaign: each has leads of each sequence.
        senders: accounts.map((account) => account.id),
      });
    }
  }
  for (const [c, plan] of campaignPlans.entries()) {
    const { steps, senders } = plan;
    const created = await db.campaigns.create(workspaceId, {
      name: `Soak campaign ${c}`,
      networkAccounts: senders,
    });
    const campaign = await db.campaigns.replaceSequence(workspaceId, created.id, {
      expectedVersion: created.version,
      steps,
    });
    const { leads } = await db.leads.addMany(
      workspaceId,
      campaign.id,
      Array.from({ length: plan.leads }, (_, n) => ({
        publicIdentifier: `${plan.prefix}${n}`,
        firstName: `Ada${n}`,
        lastName: `Lovelace${c}`,
        companyName: `Company ${n}`,
        networkUrl: `https://network.example/in/${plan.prefix}${n}`,
        accountId: senders[n % senders.length] ?? null,
      })),
    );
    leadsOfCampaign.set(
      campaign.id,
      leads.map((lead) => ({ id: lead.id, accountId: lead.accountId ?? '' })),
    );
    if (steps.some((s) => s.type === 'invitation')) {
      for (const lead of leads) {
        const account = accounts.find((a) => a.id === lead.accountId);
        if (account) account.invitationLeads += 1;
      }
    }
    await db.campaigns.transitionStatus(workspaceId, campaign.id, { from: ['draft'], to: 'active' });
    campaignIds.push(campaign.id);
  }

  const startedAt = clock();
  const end = startedAt.getTime() + options.days * DAY;
  const minJump = options.minJumpMs ?? MINUTE;
  const maxJump = options.maxJumpMs ?? HOUR;
  const reconnections: SoakRun['reconnections'] = [];
  const backlog: WeeklyBacklog = [];
  let nextWeek = startedAt.getTime() + 7 * DAY;
  let nextReport = startedAt.getTime() + DAY;
  let passes = 0;
  while (clock().getTime() < end) {
    // What fell due on the network becomes webhooks, delivered to the API before the pass.
    await sim.flush();
    await world.runner.runOnce();
    passes += 1;
    await options.onPass?.(world);
    const nextPoll = await reconnectExpiredSessions(world, workspaceId, reconnections);
    const now = clock().getTime();
    if (now >= nextWeek) {
      backlog.push(await leadsStillToInvite(db, workspaceId, leadsOfCampaign));
      nextWeek += 7 * DAY;
    }
    if (now >= nextReport) {
      options.progress?.(`${clock().toISOString()} passes ${passes}, actions ${sim.state.log.list().length}`);
      nextReport += DAY;
    }
    // The next due lead or the next reconciliation poll, whichever comes first.
    const dues = [await nextDueAt(db, workspaceId, campaignIds), nextPoll].filter((t) => t !== null);
    const due = dues.length === 0 ? null : Math.min(...dues);
    const target = due === null ? now + maxJump : Math.min(Math.max(due, now + minJump), now + maxJump);
    clock.set(Math.min(target, Math.max(end, now + minJump)));
  }
  await sim.flush();
  // A run of whole weeks ends on a week's last instant: that week counts too.
  if (clock().getTime() >= nextWeek) backlog.push(await leadsStillToInvite(db, workspaceId, leadsOfCampaign));
  const leads: Lead[] = [];
  for (const campaignId of campaignIds) leads.push(...(await allLeadsOf(db, workspaceId, campaignId)));
  return {
    world,
    workspaceId,
    campaignIds,
    accounts,
    startedAt,
    endedAt: clock(),
    passes,
    reconnections,
    backlog,
    pollsPerDay,
    leads,
  };
}

async function allLeadsOf(db: Db, workspaceId: WorkspaceId, campaignId: string): Promise<Lead[]> {
  const leads: Lead[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = await db.leads.list(workspaceId, campaignId, { offset, limit: 100 });
    leads.push(...page.items);
    if (page.items.length < 100) return leads;
  }
}

async function nextDueAt(db: Db, workspaceId: WorkspaceId, campaignIds: string[]): Promise<number | null> {
  const dues = await Promise.all(campaignIds.map((id) => db.leadLeases.nextDueAt(workspaceId, id)));
  const times = dues.flatMap((due) => (due === null ? [] : [due.getTime()]));
  return times.length === 0 ? null : Math.min(...times);
}

/**
 * A LinkedIn session ends about every 30 days; the simulator then reports CREDENTIALS and the
 * account is disconnected. The user signs in again: the session is restored at the provider and
 * the account connected again, its parked leads made due (what the API's reconnect route does).
 * A restriction is not a lost session: it is left for the report to count. Resolves to the time of
 * the accounts' next reconciliation poll.
 */
async function reconnectExpiredSessions(
  world: SoakWorld,
  workspaceId: WorkspaceId,
  into: SoakRun['reconnections'],
): Promise<number | null> {
  const accounts = await world.db.senderAccounts.list(workspaceId);
  const polls = accounts.flatMap((account) => (account.nextPollAt ? [account.nextPollAt.getTime()] : []));
  for (const account of accounts) {
    if (account.status !== 'disconnected') continue;
    const simAccount = world.sim.state.accounts.get(account.id);
    if (simAccount === undefined || simAccount.restriction !== null) continue;
    if (simAccount.status === 'CREDENTIALS') world.sim.state.reconnect(account.id);
    const { changed } = await world.db.senderAccounts.setStatus(workspaceId, account.id, 'connected');
    if (changed) {
      await world.db.leads.wakeParkedBySender(workspaceId, account.id, world.clock());
      into.push({ accountId: account.id, at: world.clock() });
    }
  }
  return polls.length === 0 ? null : Math.min(...polls);
}

async function leadsStillToInvite(
  db: Db,
  workspaceId: WorkspaceId,
  leadsOfCampaign: Map<string, Array<{ id: string; accountId: string }>>,
): Promise<Record<string, number>> {
  const left: Record<string, number> = {};
  for (const [campaignId] of leadsOfCampaign) {
    const campaign = await db.campaigns.get(workspaceId, campaignId);
    const invitationAt = campaign?.steps.findIndex((s) => s.type === 'invitation') ?? -1;
    if (invitationAt < 0) continue;
    for (const lead of await allLeadsOf(db, workspaceId, campaignId)) {
      const notInvited =
        lead.invitationSentAt === null &&
        lead.currentStep <= invitationAt &&
        (lead.status === 'waiting' || lead.status === 'active');
      if (notInvited && lead.accountId) left[lead.accountId] = (left[lead.accountId] ?? 0) + 1;
    }
  }
  return left;
}
