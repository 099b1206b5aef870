// De-risks what the import panel says while an import runs and once it ended: how far the bar
// goes (never past its end, full once there is nothing left to read, stopped where a cancel left
// it), which imports are still polled, why people were skipped, and what LinkedIn's cap leaves out.
import { IMPORT_SKIP_REASONS, isFinishedImport, LEAD_IMPORT_STATUSES } from '@outreach/domain';
import { describe, expect, it } from 'vitest';
import {
  budgetWait,
  capNotice,
  importIsFinal,
  importProgress,
  SKIP_REASONS,
  skippedByReason,
  skippedTotal,
  sourceLabel,
} from './import-figures.js';

const NO_SKIPS = {
  already_in_campaign: 0,
  in_other_campaign: 0,
  contacted_recently: 0,
  blocked: 0,
  already_connected: 0,
  invitation_pending: 0,
  invalid: 0,
  duplicate_in_source: 0,
};

describe('the progress of a lead import', () => {
  it('counts what was read against what LinkedIn lets the import read', () => {
    expect(importProgress({ status: 'running', fetched: 250, total: 3400, importable: 1000 })).toEqual({
      value: 250,
      max: 1000,
      text: '250 of 1000 people read',
    });
  });

  it('never runs past its end when a search repeated a person between pages', () => {
    const progress = importProgress({ status: 'running', fetched: 41, total: 40, importable: 40 });
    expect(progress).toEqual({ value: 40, max: 40, text: '40 of 40 people read' });
  });

  it('has no end to show while the source does not say how many it holds', () => {
    expect(importProgress({ status: 'running', fetched: 1, total: null, importable: null })).toEqual({
      value: 1,
      max: null,
      text: '1 person read so far',
    });
  });

  it('is full once the import read all it could, capped included', () => {
    for (const status of ['completed', 'capped'] as const)
      expect(importProgress({ status, fetched: 1000, total: 3400, importable: 1000 })).toEqual({
        value: 1000,
        max: 1000,
        text: '1000 people read, all there was to read',
      });
  });

  it('stays where a cancel stopped it', () => {
    expect(importProgress({ status: 'cancelled', fetched: 100, total: 400, importable: 400 })).toEqual({
      value: 100,
      max: 400,
      text: '100 of 400 people read, cancelled',
    });
  });

  it("stops polling exactly at the domain's finished statuses", () => {
    for (const status of LEAD_IMPORT_STATUSES) expect(importIsFinal(status)).toBe(isFinishedImport(status));
  });
});

describe('what an import skipped and left out', () => {
  it('words every reason the domain skips for', () => {
    expect(Object.keys(SKIP_REASONS).sort()).toEqual([...IMPORT_SKIP_REASONS].sort());
  });

  it('lists the reasons people were skipped for, most first, and adds them up', () => {
    const skipped = { ...NO_SKIPS, blocked: 1, already_in_campaign: 3, invalid: 2 };
    expect(skippedByReason(skipped).map(({ reason, count }) => [reason, count])).toEqual([
      ['already_in_campaign', 3],
      ['invalid', 2],
      ['blocked', 1],
    ]);
    expect(skippedTotal(skipped)).toBe(6);
  });

  it("says how many people LinkedIn's cap leaves out, and nothing when it leaves nobody out", () => {
    expect(capNotice({ total: 3400, importable: 1000, capped: 2400 })).toBe(
      'LinkedIn shows a limited number of results of one search: 2400 of 3400 people are left out. Only 1000 can be read.',
    );
    expect(capNotice({ total: 40, importable: 40, capped: 0 })).toBeNull();
  });

  it("says until when an import waits for the sender's search budget", () => {
    expect(
      budgetWait({ status: 'waiting_budget', waitingForBudgetUntil: '2030-01-02T00:00:00.000Z' }),
    ).toMatch(/^The sender's search results for today are spent: it goes on by itself at .*2030.*\.$/);
    expect(budgetWait({ status: 'running', waitingForBudgetUntil: null })).toBeNull();
  });

  it('names each kind of source', () => {
    expect(
      sourceLabel({
        type: 'post_engagers',
        postUrl: 'https://www.linkedin.com/posts/x',
        kinds: ['reactions', 'comments'],
      }),
    ).toBe('Reactions and comments of https://www.linkedin.com/posts/x');
    expect(
      sourceLabel({ type: 'linkedin_search', api: 'sales_navigator', filters: { keywords: 'cfo' } }),
    ).toBe('Search by filters (sales navigator): keywords cfo');
    expect(sourceLabel({ type: 'csv', fileId: 'lfl_1', mapping: {} }, 'export.csv')).toBe('File export.csv');
  });
});
