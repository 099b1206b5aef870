/**
 * The kinds of provider call, as the adapter's call meter counts them: writes (invitations,
 * messages, chats started), profile retrievals (any route that reads a LinkedIn profile), list
 * reads (relations, invitations sent, chats, messages, lead-source pages) and reads of the account
 * itself.
 */
export const PROVIDER_CALL_KINDS = ['write', 'profile_read', 'list_read', 'account_read'] as const;
export type ProviderCallKind = (typeof PROVIDER_CALL_KINDS)[number];

/** One call the simulator received for an account, whatever it answered. */
export interface SimCall {
  /** 1, 2, 3... in the order the answers were sent. */
  seq: number;
  accountId: string;
  /** Simulator time of the request. */
  at: string;
  method: string;
  /** The route template, e.g. `GET /users/:identifier`. */
  route: string;
  kind: ProviderCallKind;
  /** The HTTP status answered. */
  status: number;
}

export interface SimCallFilter {
  accountId?: string | undefined;
  kind?: ProviderCallKind | undefined;
  /** Calls at or after this instant. */
  since?: Date | undefined;
  /** Calls before this instant. */
  until?: Date | undefined;
  /** Only calls answered with a 2xx. */
  succeeded?: boolean | undefined;
}

/** Every call received for an account, reads included: what tests count against the limits. */
export class CallLog {
  private calls: SimCall[] = [];

  record(call: Omit<SimCall, 'seq'>): void {
    this.calls.push({ seq: this.calls.length + 1, ...call });
  }

  list(filter: SimCallFilter = {}): SimCall[] {
    const since = filter.since?.getTime();
    const until = filter.until?.getTime();
    return this.calls
      .filter((c) => {
        const at = Date.parse(c.at);
        return (
          (filter.accountId === undefined || c.accountId === filter.accountId) &&
          (filter.kind === undefined || c.kind === filter.kind) &&
          (since === undefined || at >= since) &&
          (until === undefined || at < until) &&
          (filter.succeeded === undefined || (c.status >= 200 && c.status < 300) === filter.succeeded)
        );
      })
      .map((c) => ({ ...c }));
  }

  clear(): void {
    this.calls = [];
  }
}
