import type { WorkspaceId } from '../common/public-ids.js';
import { addTo, leadChangeIncs, type LeadChange } from './counter-increments.js';

/** Counter increments per campaign of one workspace. */
type Increments = Map<string, Record<string, number>>;

/**
 * Lead changes whose counter moves are written later, many at a time: one bulk write per
 * workspace at `flush`, instead of one write of the campaign per change. The runner's step
 * outcomes go through one, flushed within 250 ms, with the follower of its logged actions and when
 * it stops, so the counters lag those outcomes by a fraction of a second, as they lag the actions'
 * figures by seconds.
 *
 * A lead's change is written first (its status is never lost); only its count waits here. What a
 * process holds when it dies, or a flush whose answer was lost after it was applied, leaves the
 * campaign's counters off by those moves until the drift check recounts them from the leads
 * (campaign-counters-check.ts).
 */
export class DeferredLeadCounts {
  private pending = new Map<WorkspaceId, Increments>();

  constructor(
    private readonly write: (
      workspaceId: WorkspaceId,
      increments: ReadonlyMap<string, Record<string, number>>,
    ) => Promise<void>,
  ) {}

  /** Counts a lead's change at the next flush. */
  add(workspaceId: WorkspaceId, campaignId: string, change: LeadChange): void {
    const inc = leadChangeIncs(change);
    if (Object.keys(inc).length > 0) this.merge(workspaceId, new Map([[campaignId, inc]]));
  }

  /** Campaigns with moves not written yet. */
  get size(): number {
    return [...this.pending.values()].reduce((sum, ofWorkspace) => sum + ofWorkspace.size, 0);
  }

  /**
   * Writes every move held, one bulk write per workspace. When a write fails, its workspace's
   * moves and those of the workspaces not written yet are held again (merged with any added
   * meanwhile) and the error is thrown.
   */
  async flush(): Promise<void> {
    const taken = [...this.pending];
    this.pending = new Map();
    for (const [index, [workspaceId, increments]] of taken.entries()) {
      try {
        await this.write(workspaceId, increments);
      } catch (error) {
        for (const [id, left] of taken.slice(index)) this.merge(id, left);
        throw error;
      }
    }
  }

  private merge(workspaceId: WorkspaceId, increments: ReadonlyMap<string, Record<string, number>>): void {
    let ofWorkspace = this.pending.get(workspaceId);
    if (ofWorkspace === undefined) {
      ofWorkspace = new Map();
      this.pending.set(workspaceId, ofWorkspace);
    }
    for (const [campaignId, inc] of increments) {
      const merged = ofWorkspace.get(campaignId) ?? {};
      for (const [path, by] of Object.entries(inc)) addTo(merged, path, by);
      ofWorkspace.set(campaignId, merged);
    }
  }
}
