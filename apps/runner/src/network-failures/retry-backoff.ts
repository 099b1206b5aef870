import { createRandom } from '@outreach/domain';

/**
 * The wait before retrying after a transient network failure: doubling from `baseMs` with every
 * claim of the step, capped at `maxMs`, with up to a fifth of jitter so that leads failed together
 * do not retry together. Seeded by the lead and attempt, so the same failure plans the same retry.
 */
export function retryDelayMs(leadId: string, attempts: number, baseMs: number, maxMs: number): number {
  const exponent = Math.min(Math.max(attempts - 1, 0), 30);
  const delay = Math.min(maxMs, baseMs * 2 ** exponent);
  const jitter = createRandom(`${leadId}:${attempts}`).next() * 0.2 * delay;
  return Math.round(Math.min(maxMs, delay + jitter));
}
