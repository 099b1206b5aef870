/**
 * Lead progress after a sequence edit. `currentStep` is the index of a lead's next step; an edit
 * must leave every lead with the same next step, except the leads the edit is about.
 */
import { describe, expect, it } from 'vitest';
import {
  applyProgressRules,
  matchesProgressRule,
  progressAfterDelete,
  progressAfterInsert,
  progressRulesForDelete,
  progressRulesForInsert,
} from './lead-progress.rules.js';
import { lead } from './testing/fixtures.js';

describe('after inserting a step at k', () => {
  it('moves leads beyond k one step on, so they keep their next step', () => {
    const changes = progressAfterInsert(
      [lead({ id: 'a', currentStep: 2, status: 'active', internalStatus: 'awaiting_delay' })],
      1,
      3,
    );
    expect(changes).toEqual([
      { id: 'a', currentStep: 3, status: 'active', internalStatus: 'awaiting_delay', reschedule: false },
    ]);
  });

  it('makes waiting or active leads at k run the new step next', () => {
    const changes = progressAfterInsert(
      [
        lead({ id: 'w', currentStep: 1, status: 'waiting', internalStatus: 'awaiting_delay' }),
        lead({ id: 'a', currentStep: 1, status: 'active', internalStatus: 'awaiting_working_hours' }),
      ],
      1,
      3,
    );
    expect(changes).toEqual([
      { id: 'w', currentStep: 1, status: 'waiting', internalStatus: 'queued', reschedule: true },
      { id: 'a', currentStep: 1, status: 'active', internalStatus: 'queued', reschedule: true },
    ]);
  });

  it('lets a lead whose invitation at k is out keep that invitation step', () => {
    const changes = progressAfterInsert(
      [lead({ id: 'p', currentStep: 0, status: 'active', internalStatus: 'invitation_pending' })],
      0,
      2,
    );
    expect(changes).toEqual([
      { id: 'p', currentStep: 1, status: 'active', internalStatus: 'invitation_pending', reschedule: false },
    ]);
  });

  it('leaves leads before k untouched', () => {
    expect(progressAfterInsert([lead({ id: 'b', currentStep: 0, status: 'active' })], 1, 3)).toEqual([]);
  });

  it('leaves paused, completed and error leads at k where they are', () => {
    const leads = [
      lead({ id: 'p', currentStep: 1, status: 'paused', internalStatus: 'paused_by_user' }),
      lead({ id: 'c', currentStep: 1, status: 'completed', internalStatus: 'replied' }),
      lead({ id: 'e', currentStep: 1, status: 'error', internalStatus: 'network_error' }),
    ];
    expect(progressAfterInsert(leads, 1, 3)).toEqual([]);
  });

  it('sends leads that finished every step back to waiting when the step is appended', () => {
    const changes = progressAfterInsert(
      [lead({ id: 'f', currentStep: 3, status: 'completed', internalStatus: 'finished' })],
      3,
      3,
    );
    expect(changes).toEqual([
      { id: 'f', currentStep: 3, status: 'waiting', internalStatus: 'queued', reschedule: true },
    ]);
  });

  it('keeps leads stopped by a reply completed when the step is appended', () => {
    const leads = [lead({ id: 'r', currentStep: 3, status: 'completed', internalStatus: 'replied' })];
    expect(progressAfterInsert(leads, 3, 3)).toEqual([]);
  });

  it('keeps finished leads finished when the step is inserted before the end', () => {
    const changes = progressAfterInsert(
      [lead({ id: 'f', currentStep: 3, status: 'completed', internalStatus: 'finished' })],
      1,
      3,
    );
    expect(changes).toEqual([
      { id: 'f', currentStep: 4, status: 'completed', internalStatus: 'finished', reschedule: false },
    ]);
  });

  it('moves a lead stopped by a reply along with its step, still completed', () => {
    const changes = progressAfterInsert(
      [lead({ id: 'r', currentStep: 2, status: 'completed', internalStatus: 'replied' })],
      0,
      3,
    );
    expect(changes).toEqual([
      { id: 'r', currentStep: 3, status: 'completed', internalStatus: 'replied', reschedule: false },
    ]);
  });

  it('never applies two rules to one lead', () => {
    const leads = [
      lead({ id: 'at', currentStep: 1, status: 'active', internalStatus: 'invitation_pending' }),
      lead({ id: 'beyond', currentStep: 2 }),
    ];
    expect(progressAfterInsert(leads, 1, 3).map((change) => [change.id, change.currentStep])).toEqual([
      ['at', 2],
      ['beyond', 3],
    ]);
  });
});

describe('after deleting the step at k', () => {
  it('moves leads beyond k one step back, so they keep their next step', () => {
    const changes = progressAfterDelete([lead({ id: 'a', currentStep: 3, status: 'active' })], 1, 4);
    expect(changes).toEqual([
      { id: 'a', currentStep: 2, status: 'active', internalStatus: 'queued', reschedule: false },
    ]);
  });

  it('makes waiting or active leads at k run the following step', () => {
    const changes = progressAfterDelete(
      [lead({ id: 'a', currentStep: 1, status: 'active', internalStatus: 'invitation_pending' })],
      1,
      3,
    );
    expect(changes).toEqual([
      { id: 'a', currentStep: 1, status: 'active', internalStatus: 'queued', reschedule: true },
    ]);
  });

  it('finishes waiting or active leads whose next step was the deleted last step', () => {
    const changes = progressAfterDelete(
      [lead({ id: 'a', currentStep: 2, status: 'waiting', internalStatus: 'awaiting_delay' })],
      2,
      3,
    );
    expect(changes).toEqual([
      { id: 'a', currentStep: 2, status: 'completed', internalStatus: 'finished', reschedule: false },
    ]);
  });

  it('keeps finished leads finished at the new end of the sequence', () => {
    const changes = progressAfterDelete(
      [lead({ id: 'f', currentStep: 3, status: 'completed', internalStatus: 'finished' })],
      0,
      3,
    );
    expect(changes).toEqual([
      { id: 'f', currentStep: 2, status: 'completed', internalStatus: 'finished', reschedule: false },
    ]);
  });

  it('leaves paused and completed leads at k where they are', () => {
    const leads = [
      lead({ id: 'p', currentStep: 1, status: 'paused', internalStatus: 'paused_by_user' }),
      lead({ id: 'c', currentStep: 1, status: 'completed', internalStatus: 'replied' }),
    ];
    expect(progressAfterDelete(leads, 1, 3)).toEqual([]);
  });

  it('does not move a lead twice when the leads beyond k land on k', () => {
    const leads = [lead({ id: 'next', currentStep: 2, status: 'waiting', internalStatus: 'awaiting_delay' })];
    expect(progressAfterDelete(leads, 1, 3)).toEqual([
      { id: 'next', currentStep: 1, status: 'waiting', internalStatus: 'awaiting_delay', reschedule: false },
    ]);
  });
});

describe('progress rules as data for bulk updates', () => {
  it('lists the insert rules in the order they must run', () => {
    expect(progressRulesForInsert(1, 3).map((rule) => rule.match.currentStep)).toEqual([
      { gt: 1 },
      { eq: 1 },
      { eq: 1 },
    ]);
    expect(progressRulesForInsert(3, 3)).toHaveLength(4);
  });

  it('lists the delete rules with the rule at k before the shift', () => {
    expect(progressRulesForDelete(1, 3).map((rule) => rule.match.currentStep)).toEqual([
      { eq: 1 },
      { gt: 1 },
    ]);
  });

  it('matches on position, statuses and excluded internal statuses', () => {
    const subject = lead({ id: 'x', currentStep: 2, status: 'active', internalStatus: 'queued' });
    expect(matchesProgressRule(subject, { currentStep: { eq: 2 } })).toBe(true);
    expect(matchesProgressRule(subject, { currentStep: { gt: 2 } })).toBe(false);
    expect(matchesProgressRule(subject, { currentStep: { eq: 2 }, statuses: ['waiting'] })).toBe(false);
    expect(matchesProgressRule(subject, { currentStep: { eq: 2 }, internalStatuses: ['queued'] })).toBe(true);
    expect(
      matchesProgressRule(subject, { currentStep: { eq: 2 }, excludeInternalStatuses: ['queued'] }),
    ).toBe(false);
  });

  it('keeps the reschedule flag of an earlier rule when a later one touches the same lead', () => {
    const rules = [
      { match: { currentStep: { eq: 0 } }, shift: 0, reschedule: true },
      { match: { currentStep: { eq: 0 } }, shift: 1, reschedule: false },
    ];
    expect(applyProgressRules([lead({ id: 'x' })], rules)).toEqual([
      { id: 'x', currentStep: 1, status: 'waiting', internalStatus: 'queued', reschedule: true },
    ]);
  });

  it('does not change the leads it was given', () => {
    const leads = [lead({ id: 'x', currentStep: 2 })];
    progressAfterInsert(leads, 0, 3);
    expect(leads[0]?.currentStep).toBe(2);
  });
});
