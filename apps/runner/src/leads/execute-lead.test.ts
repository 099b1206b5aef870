import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import {
  campaignWith,
  leadAt,
  stepDef,
  TUESDAY_TEN_AM,
  unitContext,
} from '../../test/support/unit-fixtures.js';
import { defaultRunnerOptions } from '../context/runner-context.js';
import { retryDelayMs } from '../network-failures/retry-backoff.js';
import { LeaseLostError } from '../store/lease-lost.js';
import type { RunnerStore } from '../store/runner-store.port.js';
import { executeLead } from './execute-lead.js';

const campaign = campaignWith([stepDef('stp_hello', 'message')]);

interface LogLine {
  level: number;
  msg: string;
  leadId?: string;
  err?: { message: string };
}

const ERROR = 50;

/**
 * A lead past its last step (its verdict is to finish, with no network call) whose finishing write
 * fails with `settleError`; the store's other writes are recorded, as is every log line.
 */
async function finishFailingWith(settleError: Error, release: RunnerStore['releaseLead']) {
  const logs: LogLine[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void logs.push(JSON.parse(line)) });
  const lead = leadAt(1, { attempts: 2, internalStatus: 'awaiting_delay' });
  const ctx = unitContext({
    logger,
    store: {
      getCampaign: async () => campaign,
      settleLead: async () => {
        throw settleError;
      },
      releaseLead: release,
    },
  });
  const verdict = await executeLead(ctx, { lead, owner: 'runner-unit:1', campaign, learned: {} });
  return { verdict, logs, lead };
}

describe('a lead whose step fails', () => {
  it('is given back with its state, to be tried again after the retry wait', async () => {
    const releases: unknown[][] = [];
    const { verdict, logs, lead } = await finishFailingWith(
      new Error('connection reset'),
      async (...args) => {
        releases.push(args);
        return true;
      },
    );

    expect(verdict).toBeNull();
    const { retryBaseMs, retryMaxMs } = defaultRunnerOptions;
    const retryAt = new Date(TUESDAY_TEN_AM.getTime() + retryDelayMs(lead.id, 2, retryBaseMs, retryMaxMs));
    expect(releases).toEqual([
      ['ws_1', 'lead_1', 'runner-unit:1', { nextActionAt: retryAt, internalStatus: 'awaiting_delay' }, {}],
    ]);
    // The operator sees which lead failed and why.
    expect(logs.filter((line) => line.level === ERROR)).toMatchObject([
      { leadId: 'lead_1', err: { message: 'connection reset' } },
    ]);
  });

  it('is reported, not thrown, when giving it back fails too', async () => {
    const { verdict, logs } = await finishFailingWith(new Error('connection reset'), async () => {
      throw new Error('database down');
    });

    expect(verdict).toBeNull();
    expect(logs.filter((line) => line.level === ERROR)).toMatchObject([
      { leadId: 'lead_1', err: { message: 'connection reset' } },
      { leadId: 'lead_1', err: { message: 'database down' } },
    ]);
  });
});

describe('a lead taken over while its step ran', () => {
  it('gets no further write, and its step is not reported as failed', async () => {
    const releases: unknown[][] = [];
    const { verdict, logs } = await finishFailingWith(new LeaseLostError('lead'), async (...args) => {
      releases.push(args);
      return false;
    });

    expect(verdict).toBeNull();
    expect(releases).toEqual([]);
    expect(logs.filter((line) => line.level === ERROR)).toEqual([]);
    expect(logs).toMatchObject([{ leadId: 'lead_1' }]);
  });
});
