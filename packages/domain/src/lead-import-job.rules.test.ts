/**
 * De-risks the decisions a lead import makes for each person and for itself: every person fetched
 * is added or skipped for exactly one reason (no silent drop), the order of the reasons, the
 * user's choices on other campaigns and connections, page sizes within the cap and the budget,
 * and that a capped import never ends as completed unless its split covered everything.
 */
import { describe, expect, it } from 'vitest';
import { DomainError } from './errors.js';
import {
  capTotal,
  cappedSoFar,
  DEFAULT_IMPORT_DEDUPE,
  firstMessageStep,
  importDedupe,
  importEnding,
  IMPORT_SKIP_REASONS,
  isFinishedImport,
  judgeImportPage,
  nextPageSize,
  noSkips,
  partDone,
  type DedupeFacts,
  type SourceEntry,
} from './lead-import-job.rules.js';

const none: DedupeFacts = {
  seenInImport: new Set(),
  inCampaign: new Set(),
  inOtherActiveCampaign: new Set(),
  contactedRecently: new Set(),
  blocked: new Set(),
};

const person = (publicIdentifier: string | null, more: Partial<SourceEntry> = {}): SourceEntry => ({
  publicIdentifier,
  ...more,
});

const reasons = (verdicts: ReturnType<typeof judgeImportPage>) =>
  verdicts.map((verdict) => (verdict.outcome === 'added' ? 'added' : verdict.reason));

describe('the verdict on each person of a page', () => {
  it('adds people met nowhere, with their normalised identifier', () => {
    const verdicts = judgeImportPage(
      [person(' Ada-Lovelace '), person('https://www.linkedin.com/in/grace-h/')],
      none,
      {
        dedupe: DEFAULT_IMPORT_DEDUPE,
        connectionsSource: false,
      },
    );
    expect(verdicts).toEqual([
      { outcome: 'added', publicIdentifier: 'ada-lovelace', startAtMessage: false },
      { outcome: 'added', publicIdentifier: 'grace-h', startAtMessage: false },
    ]);
  });

  it('skips each person for the first reason that holds, in the documented order', () => {
    const facts: DedupeFacts = {
      seenInImport: new Set(['seen']),
      inCampaign: new Set(['here', 'seen']),
      inOtherActiveCampaign: new Set(['other', 'blocked-too', 'contacted']),
      contactedRecently: new Set(['contacted', 'pending']),
      blocked: new Set(['blocked-too', 'here']),
    };
    const page = [
      person(null),
      person('seen'),
      person('here'),
      person('blocked-too'),
      person('other'),
      person('contacted'),
      person('pending', { invitationPending: true }),
      person('connected', { networkDistance: 1 }),
      person('repeat'),
      person('REPEAT'),
      person('', { invalid: 'line 7: no profile URL' }),
    ];
    const verdicts = judgeImportPage(page, facts, {
      dedupe: DEFAULT_IMPORT_DEDUPE,
      connectionsSource: false,
    });
    expect(reasons(verdicts)).toEqual([
      'invalid',
      'duplicate_in_source',
      'already_in_campaign',
      'blocked',
      'in_other_campaign',
      'in_other_campaign',
      'contacted_recently',
      'already_connected',
      'added',
      'duplicate_in_source',
      'invalid',
    ]);
    expect(verdicts.at(-1)).toMatchObject({ detail: 'line 7: no profile URL' });
    // Every entry has exactly one outcome: nothing is dropped.
    expect(verdicts).toHaveLength(page.length);
  });

  it('adds people of other campaigns and keeps connections to start at the message when told', () => {
    const facts = { ...none, inOtherActiveCampaign: new Set(['other']), blocked: new Set(['blocked']) };
    const dedupe = importDedupe({ otherCampaigns: 'add', connected: 'start_at_message' });
    const verdicts = judgeImportPage(
      [person('other'), person('friend', { networkDistance: 1 }), person('blocked', { networkDistance: 1 })],
      facts,
      { dedupe, connectionsSource: false },
    );
    expect(verdicts).toEqual([
      { outcome: 'added', publicIdentifier: 'other', startAtMessage: false },
      { outcome: 'added', publicIdentifier: 'friend', startAtMessage: true },
      { outcome: 'skipped', reason: 'blocked', publicIdentifier: 'blocked', detail: null },
    ]);
  });

  it('counts everyone of the connections source as connected', () => {
    const skip = judgeImportPage([person('a')], none, {
      dedupe: DEFAULT_IMPORT_DEDUPE,
      connectionsSource: true,
    });
    expect(reasons(skip)).toEqual(['already_connected']);
    const keep = judgeImportPage([person('a')], none, {
      dedupe: importDedupe({ connected: 'start_at_message' }),
      connectionsSource: true,
    });
    expect(keep[0]).toMatchObject({ outcome: 'added', startAtMessage: true });
  });
});

describe('the dedupe settings', () => {
  it('default to skip, 30 days, skip', () => {
    expect(importDedupe()).toEqual({ otherCampaigns: 'skip', contactedWithinDays: 30, connected: 'skip' });
  });

  it.each([-1, 1.5, 366])('refuse %s days', (days) => {
    expect(() => importDedupe({ contactedWithinDays: days })).toThrow(DomainError);
  });

  it('name every skip reason in the counts', () => {
    expect(Object.keys(noSkips())).toEqual([...IMPORT_SKIP_REASONS]);
    expect(Object.values(noSkips()).every((count) => count === 0)).toBe(true);
  });
});

describe('page sizes, caps and endings', () => {
  it('asks for a page within the page maximum, what is left under the cap and the budget left', () => {
    expect(nextPageSize({ pageMax: 50, importable: 1000, fetched: 0, budgetLeft: 1000 })).toBe(50);
    expect(nextPageSize({ pageMax: 50, importable: 1000, fetched: 980, budgetLeft: 1000 })).toBe(20);
    expect(nextPageSize({ pageMax: 100, importable: null, fetched: 5000, budgetLeft: 30 })).toBe(30);
    expect(nextPageSize({ pageMax: 100, importable: 2500, fetched: 2500, budgetLeft: 30 })).toBe(0);
    expect(nextPageSize({ pageMax: 100, importable: 2500, fetched: 10, budgetLeft: 0 })).toBe(0);
  });

  it('caps a total: 3,400 on a classic search is 1,000 importable and 2,400 capped', () => {
    expect(capTotal(3400, 1000)).toEqual({ total: 3400, importable: 1000, capped: 2400 });
    expect(capTotal(800, 1000)).toEqual({ total: 800, importable: 800, capped: 0 });
    expect(capTotal(5000, null)).toEqual({ total: 5000, importable: 5000, capped: 0 });
    expect(capTotal(null, 1000)).toEqual({ total: null, importable: null, capped: 0 });
  });

  it('finishes a part at its cap or when the source runs out', () => {
    expect(partDone({ total: 3400, cap: 1000, fetched: 1000, exhausted: false })).toBe(true);
    expect(partDone({ total: 3400, cap: 1000, fetched: 950, exhausted: false })).toBe(false);
    expect(partDone({ total: null, cap: null, fetched: 950, exhausted: true })).toBe(true);
  });

  it('ends capped with what was left out, never completed, unless a split covered everything', () => {
    expect(importEnding([{ total: 3400, cap: 1000, fetched: 1000, exhausted: false }], null)).toEqual({
      status: 'capped',
      capped: 2400,
    });
    const small = { total: 900, cap: 1000, fetched: 900, exhausted: true };
    const over = { total: 1500, cap: 1000, fetched: 1000, exhausted: false };
    const full = { total: 1000, cap: 1000, fetched: 1000, exhausted: false };
    const parts = [small, over, full];
    expect(importEnding([small, full], 1900)).toEqual({
      status: 'completed',
      capped: 0,
    });
    expect(importEnding(parts, 3400)).toEqual({ status: 'capped', capped: 500 });
    // Parts that hold fewer people than the whole search: the rest is capped too.
    expect(importEnding([small], 3400)).toEqual({ status: 'capped', capped: 2500 });
  });

  it('shows the whole search’s capped count until every part has told its total', () => {
    const whole = { total: 3400, cap: 1000 };
    expect(
      cappedSoFar(
        [
          { total: 900, cap: 1000, fetched: 10, exhausted: false },
          { total: null, cap: 1000, fetched: 0, exhausted: false },
        ],
        whole,
      ),
    ).toBe(2400);
    expect(
      cappedSoFar(
        [
          { total: 1700, cap: 1000, fetched: 10, exhausted: false },
          { total: 1700, cap: 1000, fetched: 0, exhausted: false },
        ],
        whole,
      ),
    ).toBe(1400);
    expect(cappedSoFar([{ total: 3400, cap: 1000, fetched: 10, exhausted: false }], null)).toBe(2400);
  });

  it('knows which statuses are final and where a kept connection starts', () => {
    expect(['completed', 'capped', 'cancelled', 'failed'].every((s) => isFinishedImport(s as never))).toBe(
      true,
    );
    expect(['queued', 'running', 'waiting_budget'].some((s) => isFinishedImport(s as never))).toBe(false);
    expect(firstMessageStep(['visit_profile', 'invitation', 'message', 'message'])).toBe(2);
    expect(firstMessageStep(['invitation'])).toBe(0);
  });
});
