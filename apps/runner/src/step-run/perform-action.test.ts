import { LEAD_OUTCOMES, type CappedAction } from '@outreach/domain';
import { RateLimitedError, TransientNetworkError } from '@outreach/network';
import { describe, expect, it } from 'vitest';
import {
  DAY_MS,
  HOUR_MS,
  LEASE_MS,
  NOW,
  PROVIDER_TIMEOUT_MS,
  RECHECK_MS,
  RESUMED_KEY,
  account,
  campaign,
  lead,
  step,
  stepRun,
  world,
  type World,
} from '../../test/support/step-run-world.js';
import { endIn } from './lead-verdict.js';
import { logExecutedAction, performAction, type PreparedAction } from './perform-action.js';
import type { StepRun } from './step-run.js';

/** An action whose provider call is counted, and fails with `failure` when given. */
function action(failure?: Error) {
  const calls: string[] = [];
  const prepare = async (): Promise<PreparedAction<string>> => ({
    ok: true,
    variantId: null,
    call: async (key) => {
      calls.push(key);
      if (failure !== undefined) throw failure;
      return 'sent';
    },
  });
  return { calls, prepare };
}

const invite = (
  run: StepRun,
  prepare: () => Promise<PreparedAction<string>>,
  type: CappedAction = 'invitation',
) => performAction(run, { action: type, prepare });

const unitsTaken = (w: World) => [...w.units.values()].reduce((sum, keys) => sum + keys.size, 0);

/** An action that reconciles a resumed attempt with the provider, which shows `earlier` since `since`. */
function reconciledAction(earlier: string | null) {
  const calls: string[] = [];
  const looks: Date[] = [];
  const prepare = async (): Promise<PreparedAction<string>> => ({
    ok: true,
    variantId: null,
    call: async (key) => {
      calls.push(key);
      return 'sent';
    },
    reconcile: async (since) => {
      looks.push(since);
      return earlier;
    },
  });
  return { calls, looks, prepare };
}

// The numbered points are those of the crash-safety argument in `performAction`'s comment.
describe('performAction crash safety', () => {
  const firstAttemptAt = new Date(NOW.getTime() - 3 * HOUR_MS);
  // Claimed again after the first attempt (attempt 0) left its key behind.
  const resumed = { pendingActionKey: RESUMED_KEY, pendingActionAt: firstAttemptAt, attempts: 1 };
  const gateClosed = () =>
    world({ account: { ...account, pacedUntil: new Date(NOW.getTime() + 4 * 60_000) } });

  it('1. holds a fresh attempt at a closed pacing gate, before anything is recorded or sent', async () => {
    const w = gateClosed();
    const { calls, prepare } = action();
    const attempt = await invite(stepRun(w), prepare);
    expect(attempt).toMatchObject({
      kind: 'held',
      verdict: { postponement: { internalStatus: 'awaiting_capacity' } },
    });
    expect(calls).toEqual([]);
    expect(w.events).toEqual(['pacing']);
  });

  it('1. lets a resumed attempt through a closed pacing gate: it was paced the first time', async () => {
    const w = gateClosed();
    const { calls, prepare } = reconciledAction(null);
    expect(await invite(stepRun(w, { lead: resumed }), prepare)).toMatchObject({ kind: 'done' });
    expect(calls).toEqual([RESUMED_KEY]);
    expect(w.pacingGaps).toEqual([]);
  });

  it('2. decides nothing for a lead whose sender is cooling down (no turn of the variant rotation)', async () => {
    const w = world({ account: { ...account, cooldownUntil: new Date(NOW.getTime() + HOUR_MS) } });
    let prepared = 0;
    const attempt = await invite(stepRun(w, { pacing: { min: 0, max: 0 } }), async () => {
      prepared += 1;
      return { ok: true, variantId: 'var_a', call: async () => 'sent' };
    });
    expect(attempt).toMatchObject({
      kind: 'held',
      verdict: {
        postponement: {
          nextActionAt: new Date(NOW.getTime() + HOUR_MS),
          internalStatus: 'sender_unavailable',
        },
      },
    });
    expect(prepared).toBe(0);
    expect(w.pending).toEqual([]);
  });

  it('3. records the key, named after the lead, step and attempt, before any unit is counted or call made', async () => {
    const w = world();
    const order: string[] = [];
    const attempt = await invite(stepRun(w, { lead: { attempts: 2 } }), async () => ({
      ok: true,
      variantId: null,
      call: async (key) => {
        order.push(...w.events, `call ${key}`);
        return 'sent';
      },
    }));
    const key = `${lead.id}:${step.id}:2`;
    expect(attempt).toEqual({ kind: 'done', result: 'sent', idempotencyKey: key });
    expect(order).toEqual([
      'pacing',
      `pending ${key}`,
      'unit day:2026-03-11/invitations',
      'unit week:2026-W11/invitations',
      `call ${key}`,
    ]);
    expect(w.pending).toEqual([{ key, at: NOW }]);
  });

  it('3. records when the calls will be over and renews the lease, both in real time', async () => {
    const realNow = new Date(NOW.getTime() - 7 * DAY_MS);
    const w = world({ realNow });
    const { prepare } = action();
    await invite(stepRun(w), prepare);
    expect(w.pendingCalls).toEqual([
      {
        callsEndBy: new Date(realNow.getTime() + PROVIDER_TIMEOUT_MS),
        leaseUntil: new Date(realNow.getTime() + LEASE_MS),
      },
    ]);
  });

  it('6. gives the call a deadline at the recorded end of its calls, read on the real clock', async () => {
    const w = world();
    const left: number[] = [];
    const attempt = await invite(stepRun(w), async () => ({
      ok: true,
      variantId: null,
      call: async (_key, _taken, deadline) => {
        left.push(deadline.msLeft());
        w.realNow = new Date(NOW.getTime() + PROVIDER_TIMEOUT_MS + 1);
        left.push(deadline.msLeft());
        return 'sent';
      },
    }));
    expect(attempt.kind).toBe('done');
    expect(left).toEqual([PROVIDER_TIMEOUT_MS, -1]);
  });

  it('4. counts a resumed action once: the units its first attempt took are not taken again', async () => {
    const w = world();
    w.units.set('day:2026-03-11/invitations', new Set([RESUMED_KEY]));
    w.units.set('week:2026-W11/invitations', new Set([RESUMED_KEY]));
    const { prepare } = reconciledAction(null);
    expect(await invite(stepRun(w, { lead: resumed }), prepare)).toMatchObject({ kind: 'done' });
    expect(unitsTaken(w)).toBe(2);
  });

  it('4. takes the units of a resumed action whose first attempt died before taking them', async () => {
    const w = world();
    const { prepare } = reconciledAction(null);
    expect(await invite(stepRun(w, { lead: resumed }), prepare)).toMatchObject({ kind: 'done' });
    expect([...w.units.values()].map((keys) => [...keys])).toEqual([[RESUMED_KEY], [RESUMED_KEY]]);
  });

  it('5. does not send again a resumed action the provider shows done since its first attempt', async () => {
    const w = world();
    const { calls, looks, prepare } = reconciledAction('found');
    const attempt = await invite(stepRun(w, { lead: resumed }), prepare);
    expect(attempt).toEqual({ kind: 'done', result: 'found', idempotencyKey: RESUMED_KEY });
    expect(calls).toEqual([]);
    expect(looks).toEqual([firstAttemptAt]);
    // The pending record keeps the first attempt's time: a later resume looks from there too.
    expect(w.pending).toEqual([{ key: RESUMED_KEY, at: firstAttemptAt }]);
  });

  it('5. sends a resumed action again, under its own key, only when the provider shows no trace of it', async () => {
    const w = world();
    const { calls, looks, prepare } = reconciledAction(null);
    expect(await invite(stepRun(w, { lead: resumed }), prepare)).toMatchObject({
      kind: 'done',
      result: 'sent',
    });
    expect(looks).toEqual([firstAttemptAt]);
    expect(calls).toEqual([RESUMED_KEY]);
  });

  it('5. hands back, uncounted and unrecorded, a resumed action whose first call may still land', async () => {
    const w = world({ realNow: new Date(NOW.getTime() + 1_000) });
    const { calls, looks, prepare } = reconciledAction(null);
    // The first attempt's calls end by NOW; one more call timeout covers one abandoned on its way.
    const run = stepRun(w, { lead: { ...resumed, pendingActionCallsEndBy: NOW } });
    expect(await invite(run, prepare)).toEqual({
      kind: 'held',
      verdict: { kind: 'hand_back', heldUntil: new Date(NOW.getTime() + PROVIDER_TIMEOUT_MS) },
    });
    expect([looks, calls, w.pending, unitsTaken(w)]).toEqual([[], [], [], 0]);

    // Once that has passed, it reconciles (and here sends, the provider showing no trace).
    w.realNow = new Date(NOW.getTime() + PROVIDER_TIMEOUT_MS);
    expect(await invite(run, prepare)).toMatchObject({ kind: 'done', result: 'sent' });
    expect([looks, calls]).toEqual([[firstAttemptAt], [RESUMED_KEY]]);
  });

  it('5. repeats a resumed action without reconciliation at once: a repeat is harmless', async () => {
    const w = world();
    const { calls, prepare } = action();
    const run = stepRun(w, { lead: { ...resumed, pendingActionCallsEndBy: NOW } });
    expect(await invite(run, prepare, 'profile_visit')).toMatchObject({ kind: 'done' });
    expect(calls).toEqual([RESUMED_KEY]);
  });

  it('5. does not reconcile a fresh attempt: nothing can have happened before it', async () => {
    const w = world();
    const { calls, looks, prepare } = reconciledAction('found');
    expect(await invite(stepRun(w), prepare)).toMatchObject({ kind: 'done', result: 'sent' });
    expect(looks).toEqual([]);
    expect(calls).toHaveLength(1);
  });
});

describe('performAction: the sender and the campaign are read again right before the call', () => {
  it('hands back, unsent and uncounted, a lead whose campaign was paused meanwhile', async () => {
    const w = world({ campaign: { ...campaign, status: 'paused' } });
    const { calls, prepare } = action();
    expect(await invite(stepRun(w, { pacing: { min: 0, max: 0 } }), prepare)).toEqual({
      kind: 'held',
      verdict: { kind: 'hand_back' },
    });
    expect(calls).toEqual([]);
    expect(w.pending).toEqual([]);
    expect(unitsTaken(w)).toBe(0);
  });

  it('hands back a lead whose step moved in a sequence edit since the pass began', async () => {
    const moved = { ...step, id: 'stp_other' };
    const w = world({ campaign: { ...campaign, steps: [moved, step] } });
    const { calls, prepare } = action();
    expect(await invite(stepRun(w, { pacing: { min: 0, max: 0 } }), prepare)).toEqual({
      kind: 'held',
      verdict: { kind: 'hand_back' },
    });
    expect(calls).toEqual([]);
  });

  it('reads the campaign no more when the write that took the variant turn confirmed it', async () => {
    // The stored campaign is paused: only a read would see it, and none is made.
    const w = world({ campaign: { ...campaign, status: 'paused' } });
    const { calls, prepare } = action();
    const confirmed = async () => ({ ...(await prepare()), campaignConfirmed: true });
    expect((await invite(stepRun(w, { pacing: { min: 0, max: 0 } }), confirmed)).kind).toBe('done');
    expect(calls).toHaveLength(1);
  });

  it('hands back a lead of a paused campaign whatever its step decided, before that decision is written', async () => {
    const w = world({ campaign: { ...campaign, status: 'paused' } });
    const missing = endIn(LEAD_OUTCOMES.missingVariable);
    const decided = async (): Promise<PreparedAction<string>> => ({ ok: false, verdict: missing });
    expect(await invite(stepRun(w, { pacing: { min: 0, max: 0 } }), decided)).toEqual({
      kind: 'held',
      verdict: { kind: 'hand_back' },
    });
    // The same verdict stands once the rotation's write confirmed the campaign.
    const confirmed = async () => ({ ...(await decided()), campaignConfirmed: true });
    expect(await invite(stepRun(w, { pacing: { min: 0, max: 0 } }), confirmed)).toEqual({
      kind: 'held',
      verdict: missing,
    });
  });

  it('sends nothing while the runner is halted, and looks again after the recheck', async () => {
    const w = world({ halted: 'provider key rejected' });
    const { calls, prepare } = action();
    const attempt = await invite(stepRun(w, { pacing: { min: 0, max: 0 } }), prepare);
    expect(attempt).toMatchObject({
      kind: 'held',
      verdict: { postponement: { nextActionAt: new Date(NOW.getTime() + RECHECK_MS) } },
    });
    expect(calls).toEqual([]);
  });

  it('lets the action go when the cool-down ends exactly now', async () => {
    const w = world({ account: { ...account, cooldownUntil: NOW } });
    const { calls, prepare } = action();
    expect(await invite(stepRun(w, { pacing: { min: 0, max: 0 } }), prepare)).toMatchObject({ kind: 'done' });
    expect(calls).toHaveLength(1);
  });

  it('keeps the sender as just read for the rest of the pass and for this action', async () => {
    // The user lowered the daily invitation cap to 1 since the lead was judged: one is out today.
    const lowered = { ...account, limitSettings: { invitationsPerDay: 1 } };
    const w = world({ account: lowered });
    w.units.set('day:2026-03-11/invitations', new Set(['earlier-key']));
    const run = stepRun(w, { pacing: { min: 0, max: 0 } });
    const { calls, prepare } = action();
    expect(await invite(run, prepare)).toMatchObject({ kind: 'held' });
    expect(calls).toEqual([]);
    expect(run.account).toEqual(lowered);
    expect(w.remembered).toEqual([lowered]);
  });
});

describe('performAction: pending keys and cap units across failures and resumes', () => {
  const fullDay = (w: World) =>
    w.units.set('day:2026-03-11/invitations', new Set(Array.from({ length: 100 }, (_, i) => `k${i}`)));

  it('forgets a fresh key held back by a full cap: nothing was sent under it', async () => {
    const w = world();
    fullDay(w);
    const { calls, prepare } = action();
    const attempt = await invite(stepRun(w, { pacing: { min: 0, max: 0 } }), prepare);
    expect(attempt).toMatchObject({
      kind: 'held',
      verdict: {
        kind: 'postpone',
        clearPendingAction: true,
        postponement: { internalStatus: 'awaiting_capacity' },
      },
    });
    expect(calls).toEqual([]);
  });

  it('keeps a resumed key held back by a full cap: its first attempt may have acted', async () => {
    const w = world();
    fullDay(w);
    const { calls, prepare } = action();
    const run = stepRun(w, { lead: { pendingActionKey: RESUMED_KEY, pendingActionAt: NOW } });
    const attempt = await invite(run, prepare);
    expect(attempt).toMatchObject({ kind: 'held', verdict: { kind: 'postpone' } });
    expect(attempt.kind === 'held' && attempt.verdict).not.toHaveProperty('clearPendingAction');
    expect(calls).toEqual([]);
  });

  /** An action with an extra unit (a note's, from a quota of `cap`), telling what its call learnt. */
  function noted(cap: number, failure?: Error) {
    const told: boolean[] = [];
    const extraUnit = { kind: 'notedInvitations' as const, period: 'day:2026-03-11', cap, expiresAt: NOW };
    const prepare = async (): Promise<PreparedAction<string>> => ({
      ok: true,
      variantId: null,
      extraUnit,
      call: async (_key, taken) => {
        told.push(taken.extraUnit);
        if (failure !== undefined) throw failure;
        return 'sent';
      },
    });
    return { told, prepare };
  }

  it('takes an extra unit with the caps and tells the call; without it when its quota is used', async () => {
    const w = world();
    // Two actions: two attempts, so two keys.
    const run = (attempts: number) => stepRun(w, { pacing: { min: 0, max: 0 }, lead: { attempts } });
    const first = noted(1);
    expect((await invite(run(0), first.prepare)).kind).toBe('done');
    const second = noted(1);
    expect((await invite(run(1), second.prepare)).kind).toBe('done');
    expect([...first.told, ...second.told]).toEqual([true, false]);
    expect(w.units.get('day:2026-03-11/notedInvitations')?.size).toBe(1);
  });

  it('takes no extra unit for an action the caps hold back', async () => {
    const w = world();
    fullDay(w);
    const { told, prepare } = noted(5);
    expect((await invite(stepRun(w, { pacing: { min: 0, max: 0 } }), prepare)).kind).toBe('held');
    expect(told).toEqual([]);
    expect(w.units.get('day:2026-03-11/notedInvitations')?.size ?? 0).toBe(0);
  });

  it('gives the extra unit back with the caps when the action certainly did not happen', async () => {
    const w = world();
    const { told, prepare } = noted(5, new RateLimitedError(60_000));
    expect(await invite(stepRun(w, { pacing: { min: 0, max: 0 } }), prepare)).toMatchObject({
      kind: 'failed',
    });
    expect(told).toEqual([true]);
    expect(unitsTaken(w)).toBe(0);
  });

  it('gives the cap unit back when a fresh attempt was refused (it certainly did not happen)', async () => {
    const w = world();
    const { calls, prepare } = action(new RateLimitedError(60_000));
    const attempt = await invite(stepRun(w, { pacing: { min: 0, max: 0 } }), prepare);
    expect(attempt).toMatchObject({ kind: 'failed', failure: { kind: 'rate_limited' } });
    expect(calls).toHaveLength(1);
    expect(unitsTaken(w)).toBe(0);
  });

  it('keeps the cap unit of a fresh attempt whose outcome is unknown', async () => {
    const w = world();
    const { prepare } = action(new TransientNetworkError('socket hang up'));
    const attempt = await invite(stepRun(w, { pacing: { min: 0, max: 0 } }), prepare);
    expect(attempt).toMatchObject({ kind: 'failed', failure: { kind: 'transient' } });
    expect(w.released).toEqual([]);
    expect(unitsTaken(w)).toBe(2);
  });

  it('keeps the cap unit of a resumed attempt even when its retry is refused', async () => {
    const w = world();
    const { calls, prepare } = action(new RateLimitedError(60_000));
    const run = stepRun(w, { lead: { pendingActionKey: RESUMED_KEY, pendingActionAt: NOW } });
    const attempt = await invite(run, prepare);
    expect(attempt).toMatchObject({ kind: 'failed', failure: { kind: 'rate_limited' } });
    expect(calls).toEqual([RESUMED_KEY]);
    expect(w.released).toEqual([]);
    expect(unitsTaken(w)).toBe(2);
  });
});

describe('logExecutedAction: the log', () => {
  it("hands a sent message to the log with its action, to be filed in the lead's conversation", async () => {
    const w = world();
    const logged: unknown[] = [];
    const run = stepRun(w);
    run.ctx = {
      ...run.ctx,
      store: { ...run.ctx.store, logAction: async (action) => void logged.push(action) },
    };
    const sentMessage = { content: 'Hello Ada', externalId: 'msg_1' };
    await logExecutedAction(run, {
      type: 'message_sent',
      idempotencyKey: 'k',
      variantId: null,
      at: NOW,
      sentMessage,
    });
    expect(logged).toEqual([
      expect.objectContaining({ type: 'message_sent', idempotencyKey: 'k', sentMessage }),
    ]);
  });
});

describe('logExecutedAction: the account last action time', () => {
  const logAt = async (lastActionAt: Date | null, at: Date) => {
    const w = world();
    const run = stepRun(w, { account: { ...account, lastActionAt } });
    await logExecutedAction(run, { type: 'invitation_sent', idempotencyKey: 'k', variantId: null, at });
    return w.touched;
  };

  it('records the first action of an account', async () => {
    expect(await logAt(null, NOW)).toEqual([{ at: NOW, warmUpRestartAt: null }]);
  });

  it('does not rewrite a last action time less than an hour old', async () => {
    expect(await logAt(new Date(NOW.getTime() - HOUR_MS + 1), NOW)).toEqual([]);
  });

  it('rewrites a last action time an hour old', async () => {
    expect(await logAt(new Date(NOW.getTime() - HOUR_MS), NOW)).toEqual([{ at: NOW, warmUpRestartAt: null }]);
  });

  it('restarts the warm-up of an account idle for two weeks', async () => {
    expect(await logAt(new Date(NOW.getTime() - 14 * DAY_MS), NOW)).toEqual([
      { at: NOW, warmUpRestartAt: NOW },
    ]);
  });
});
