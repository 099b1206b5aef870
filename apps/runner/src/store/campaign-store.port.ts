import type { CounterCheck } from '@outreach/db';
import type { CampaignSettings, CampaignStatus, LeadStatus, StepDef } from '@outreach/domain';

export interface RunnerCampaign {
  id: string;
  workspaceId: string;
  name: string;
  status: CampaignStatus;
  settings: CampaignSettings;
  coreVariables: Readonly<Record<string, boolean>>;
  customVariables: Readonly<Record<string, string>>;
  networkAccounts: readonly string[];
  /** In execution order; a lead's `currentStep` indexes this array. */
  steps: readonly StepDef[];
  /** How many times the campaign was started; names the activation in event transition keys. */
  activation: number;
  /**
   * How many times the campaign was given waiting leads again in its life: with `activation`, names
   * each transition to "no lead waiting" in event transition keys.
   */
  leadsGeneration: number;
  /**
   * The W3C `traceparent` of the request that last started the campaign, when it was traced: each
   * step's span links to it. Absent or null when tracing was off.
   */
  startTraceparent?: string | null;
}

/** Campaigns: the active ones, their variant rotation, and what their completion is judged on. */
export interface RunnerCampaignStore {
  listActiveCampaigns(): Promise<RunnerCampaign[]>;
  /** Recounts the counters of the `limit` campaigns (any workspace) checked longest ago. */
  checkCampaignCounters(limit: number): Promise<CounterCheck[]>;
  /** Puts the campaign first in line for the next `checkCampaignCounters`. */
  checkCampaignCountersSoon(workspaceId: string, campaignId: string): Promise<void>;
  getCampaign(workspaceId: string, campaignId: string): Promise<RunnerCampaign | null>;
  /**
   * The next round-robin position of one pool of the step's variants (`rotationPoolKey` of the
   * candidates): atomic, distinct for concurrent callers, each pool counted on its own. Taken only
   * while the campaign is active with the step at `step.index`, which the same write confirms;
   * null (no turn taken) otherwise.
   */
  nextRotation(
    workspaceId: string,
    campaignId: string,
    step: { id: string; index: number },
    pool: string,
  ): Promise<number | null>;
  /** Whether any lead of the campaign is in one of `statuses` (one indexed read, no count). */
  hasLeadWithStatus(
    workspaceId: string,
    campaignId: string,
    statuses: readonly LeadStatus[],
  ): Promise<boolean>;
  /** Whether a lead of the campaign is paused until a template or variable is fixed. */
  hasLeadAwaitingFix(workspaceId: string, campaignId: string): Promise<boolean>;
  countLeadsByStatus(workspaceId: string, campaignId: string): Promise<Record<LeadStatus, number>>;
  /**
   * active -> completed, only while the campaign is in the activation and leads generation the
   * completion was judged on; false when it was no longer active or was given leads since.
   */
  completeCampaign(
    workspaceId: string,
    campaignId: string,
    judgedOn: { activation: number; leadsGeneration: number },
  ): Promise<boolean>;
}
