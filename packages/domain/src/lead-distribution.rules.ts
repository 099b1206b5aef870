/**
 * Spreading a campaign's leads across its sender accounts. Leads that have started (at least one
 * network action done for them) keep their sender: the person on the other side already knows that
 * account. Leads not started yet are balanced: every account ends with as equal a number of leads
 * as the started ones allow, and a lead moves only when balance needs it, so calling this again
 * with the same input changes nothing.
 */

export interface DistributableLead {
  id: string;
  /** The assigned sender, or null. */
  accountId: string | null;
  /** True once a network action was done for the lead. */
  started: boolean;
}

export interface LeadAssignment {
  leadId: string;
  accountId: string | null;
}

/**
 * How many not-started leads each account should hold: units go one by one to the account with
 * the fewest leads, preferring, on a tie, the account that already holds more of these leads (so
 * fewer leads move), then the account listed first.
 */
function targets(
  accountIds: readonly string[],
  startedLoad: ReadonlyMap<string, number>,
  holders: ReadonlyMap<string, number>,
  units: number,
): Map<string, number> {
  const share = new Map(accountIds.map((id) => [id, 0]));
  const load = (id: string) => (startedLoad.get(id) ?? 0) + (share.get(id) ?? 0);
  for (let unit = 0; unit < units; unit += 1) {
    let best = accountIds[0] as string;
    for (const id of accountIds) {
      const fewer = load(id) < load(best);
      const tieHeldMore = load(id) === load(best) && (holders.get(id) ?? 0) > (holders.get(best) ?? 0);
      if (fewer || tieHeldMore) best = id;
    }
    share.set(best, (share.get(best) ?? 0) + 1);
  }
  return share;
}

/**
 * Returns the assignments that change. With no account, not-started leads are left unassigned.
 * Leads are considered in id order, so the result does not depend on the order they are passed in.
 */
export function distributeLeads(
  leads: readonly DistributableLead[],
  accountIds: readonly string[],
): LeadAssignment[] {
  const accounts = [...new Set(accountIds)];
  const pending = leads
    .filter((lead) => !lead.started)
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  if (accounts.length === 0) {
    return pending
      .filter((lead) => lead.accountId !== null)
      .map((lead) => ({ leadId: lead.id, accountId: null }));
  }
  const startedLoad = new Map<string, number>();
  const holders = new Map<string, number>();
  for (const lead of leads) {
    if (lead.accountId === null || !accounts.includes(lead.accountId)) continue;
    const counts = lead.started ? startedLoad : holders;
    counts.set(lead.accountId, (counts.get(lead.accountId) ?? 0) + 1);
  }
  const room = targets(accounts, startedLoad, holders, pending.length);
  const homeless: DistributableLead[] = [];
  for (const lead of pending) {
    const left = lead.accountId === null ? 0 : (room.get(lead.accountId) ?? 0);
    if (lead.accountId !== null && left > 0) room.set(lead.accountId, left - 1);
    else homeless.push(lead);
  }
  const changes: LeadAssignment[] = [];
  for (const lead of homeless) {
    const accountId = accounts.find((id) => (room.get(id) ?? 0) > 0) as string;
    room.set(accountId, (room.get(accountId) ?? 0) - 1);
    changes.push({ leadId: lead.id, accountId });
  }
  return changes;
}

/** The account with the fewest leads (first listed on a tie), for a single new lead; null if none. */
export function leastLoadedAccount(
  accountIds: readonly string[],
  leadCounts: Readonly<Record<string, number>>,
): string | null {
  let best: string | null = null;
  for (const id of accountIds) {
    if (best === null || (leadCounts[id] ?? 0) < (leadCounts[best] ?? 0)) best = id;
  }
  return best;
}

/**
 * Senders for `count` new leads, in order, from the leads each sender already holds: each new
 * lead goes to the sender with the fewest (first listed on a tie), so the spread stays as even as
 * `distributeLeads` would leave it, without reading the leads already there. Empty with no sender.
 */
export function assignNewLeads(
  accountIds: readonly string[],
  leadCounts: Readonly<Record<string, number>>,
  count: number,
): string[] {
  const accounts = [...new Set(accountIds)];
  if (accounts.length === 0) return [];
  const load = Object.fromEntries(accounts.map((id) => [id, leadCounts[id] ?? 0]));
  const assigned: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const account = leastLoadedAccount(accounts, load) as string;
    load[account] = (load[account] ?? 0) + 1;
    assigned.push(account);
  }
  return assigned;
}
