import type { LeadStatus } from '@outreach/domain';

/** A lead as it was before a write and as the write left it. */
export interface LeadChange {
  fromStatus: LeadStatus;
  toStatus: LeadStatus;
  fromSender: string | null;
  toSender: string | null;
}

/** The counters' `$inc` for one lead's write: its status and its sender, where they moved. */
export function leadChangeIncs(change: LeadChange): Record<string, number> {
  const inc: Record<string, number> = {};
  if (change.fromStatus !== change.toStatus) {
    addTo(inc, `counters.leads.${change.fromStatus}`, -1);
    addTo(inc, `counters.leads.${change.toStatus}`, 1);
  }
  if (change.fromSender !== change.toSender) {
    if (change.fromSender !== null) addTo(inc, `counters.senders.${change.fromSender}`, -1);
    if (change.toSender !== null) addTo(inc, `counters.senders.${change.toSender}`, 1);
  }
  return inc;
}

export function addTo(inc: Record<string, number>, path: string, by: number): void {
  inc[path] = (inc[path] ?? 0) + by;
}
