import { z } from 'zod';

export const SANDBOX_OPERATIONS = [
  'sendInvitation',
  'sendMessage',
  'visitProfile',
  'getRelationship',
  'pollEvents',
  'withdrawInvitation',
  'readLeadSources',
] as const;
export type SandboxOperation = (typeof SANDBOX_OPERATIONS)[number];

export const FAULT_KINDS = ['rate_limit', 'timeout', 'server_error'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export const faultSpecSchema = z.strictObject({
  kind: z.enum(FAULT_KINDS),
  /** Only this account's calls; every account's when omitted. */
  accountId: z.string().min(1).optional(),
  /** How many matching calls fail. */
  count: z.number().int().min(1).default(1),
  /** Only these operations; every operation (polls included) when omitted. */
  operations: z.array(z.enum(SANDBOX_OPERATIONS)).min(1).optional(),
  /** rate_limit: the wait announced, on the simulator's clock. */
  retryAfterMs: z.number().int().min(0).default(60_000),
  /** server_error: the status answered. */
  status: z.number().int().min(500).max(599).default(503),
  /** timeout: how long the request hangs (real ms); the simulator's setting when omitted. */
  hangMs: z.number().int().min(0).optional(),
  /**
   * Act first, then fail: the action happens, but the caller sees a timeout or a 5xx. This is
   * the lost answer that reconciliation with the provider's state must recover.
   */
  afterAction: z.boolean().default(false),
});

export type FaultSpec = z.input<typeof faultSpecSchema>;
export type Fault = z.output<typeof faultSpecSchema> & { id: string; remaining: number };

/** Faults armed on demand; each matching call consumes one unit, oldest fault first. */
export class FaultInjector {
  private faults: Fault[] = [];
  private nextId = 1;

  arm(spec: FaultSpec): Fault {
    const parsed = faultSpecSchema.parse(spec);
    const fault: Fault = { ...parsed, id: `flt_${this.nextId++}`, remaining: parsed.count };
    this.faults.push(fault);
    return { ...fault };
  }

  /** The fault this call runs into, if any, with one unit of it consumed. */
  take(accountId: string, operation: SandboxOperation): Fault | undefined {
    const fault = this.faults.find(
      (f) =>
        (f.accountId === undefined || f.accountId === accountId) &&
        (f.operations === undefined || f.operations.includes(operation)),
    );
    if (!fault) return undefined;
    fault.remaining -= 1;
    if (fault.remaining === 0) this.faults = this.faults.filter((f) => f !== fault);
    return { ...fault };
  }

  list(): Fault[] {
    return this.faults.map((f) => ({ ...f }));
  }

  clear(): void {
    this.faults = [];
  }
}
