/**
 * Faults the simulator plays on the next requests, one fault per request, in order. They exercise
 * every way a real endpoint fails: a hang (no answer until the client gives up), a slow answer, a
 * 429 with `retry-after`, a 5xx, an answer that is not JSON, one cut at the token limit, a refusal.
 */
import { z } from 'zod';

export const simulatorFaultSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('hang') }),
  z.strictObject({ kind: z.literal('delay'), ms: z.number().int().min(0).max(600_000) }),
  z.strictObject({
    kind: z.literal('rate_limit'),
    retryAfterSeconds: z.number().min(0).max(3600).optional(),
  }),
  z.strictObject({ kind: z.literal('server_error'), status: z.number().int().min(500).max(599).optional() }),
  z.strictObject({ kind: z.literal('malformed') }),
  z.strictObject({ kind: z.literal('truncated') }),
  z.strictObject({ kind: z.literal('refusal') }),
]);
export type SimulatorFault = z.infer<typeof simulatorFaultSchema>;

export const simulatorFaultsBody = z.strictObject({ faults: z.array(simulatorFaultSchema).min(1).max(1000) });
