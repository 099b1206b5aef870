import {
  CAMPAIGN_STATUSES,
  STEP_TYPES,
  type CampaignStatus,
  type CoreVariable,
  type StepType,
} from '@outreach/domain';
import { Schema } from 'mongoose';
import { recordOptions, workspaceIdField } from '../common/record-options.js';

export interface AiTool {
  name: string;
  key: string;
}

export interface VariantRecord {
  _id: string;
  body: string;
  order: number;
  isDisabled: boolean;
  icpDefinitionRaw: string | null;
  aiTools: AiTool[];
}

/** A step; its position in the campaign's `steps` array is its order. */
export interface StepRecord {
  _id: string;
  type: StepType;
  delay: number;
  stopOnReply: boolean;
  genericBody: string | null;
  variants: VariantRecord[];
}

export interface WorkingHours {
  start: string;
  end: string;
  /** ISO weekdays, 1 = Monday. */
  days: number[];
}

export interface CampaignSettings {
  timezone: string;
  workingHours: WorkingHours;
  invitationTimeoutDays: number;
}

export interface CampaignRecord {
  _id: string;
  workspaceId: string;
  name: string;
  status: CampaignStatus;
  settings: CampaignSettings;
  coreVariables: Record<CoreVariable, boolean>;
  customVariables: Record<string, string>;
  /** Sender account ids assigned to the campaign. */
  networkAccounts: string[];
  steps: StepRecord[];
  /**
   * Variant rotation counters by step id. They live beside the steps rather than inside them so
   * that a sequence edit (which rewrites `steps` whole) never overwrites an increment made by a
   * runner in the meantime.
   */
  rotationCounters: Record<string, number>;
  /**
   * Rotation counters by pool of variants (`<stepId>:<variant ids joined by +>`): each set of
   * candidates a lead can compete over (the variants for an ICP, the general ones) takes turns of
   * its own. Absent on campaigns stored before pools had counters.
   */
  rotationPools?: Record<string, number>;
  /** The campaign's figures kept on write (see campaign-counters.ts); absent until first written. */
  counters?: unknown;
  /** When the drift check last recounted the counters; absent if never (checked first). */
  countersCheckedAt?: Date;
  /**
   * The layout its daily roll-ups and lead marks are built to (`ROLLUPS_VERSION` once every
   * action is counted in them: analytics may read them); absent on campaigns stored before.
   */
  rollupsVersion?: number;
  /** Bumped by every sequence edit: edits are conditional on the version they were based on. */
  version: number;
  /** How many times the campaign was started; names the run in `campaign_completed` event keys. */
  activation: number;
  /**
   * How many times the campaign was given waiting leads again (leads added, a lead set back to
   * waiting, finished leads reopened for a new step): with `activation`, it names each transition
   * to "no lead waiting", so `campaign_without_leads` fires once per transition. Absent on
   * campaigns stored before it was counted (0).
   */
  leadsGeneration?: number;
  /**
   * The W3C `traceparent` of the request that last started the campaign, when it was traced: the
   * runner links its steps' spans to it. Observability only; absent when tracing was off.
   */
  startTraceparent?: string | null;
  createdAt: Date;
  updatedAt: Date;
}

const aiToolSchema = new Schema<AiTool>(
  { name: { type: String, required: true }, key: { type: String, required: true } },
  { _id: false, strict: 'throw' },
);

const variantSchema = new Schema<VariantRecord>(
  {
    _id: { type: String, required: true },
    body: { type: String, default: '' },
    order: { type: Number, required: true },
    isDisabled: { type: Boolean, default: false },
    icpDefinitionRaw: { type: String, default: null },
    aiTools: { type: [aiToolSchema], default: [] },
  },
  { strict: 'throw' },
);

const stepSchema = new Schema<StepRecord>(
  {
    _id: { type: String, required: true },
    type: { type: String, enum: STEP_TYPES, required: true },
    delay: { type: Number, required: true, min: 0 },
    stopOnReply: { type: Boolean, required: true },
    genericBody: { type: String, default: null },
    variants: { type: [variantSchema], default: [] },
  },
  { strict: 'throw' },
);

const flag = { type: Boolean, required: true } as const;

export const campaignSchema = new Schema<CampaignRecord>(
  {
    _id: { type: String, required: true },
    workspaceId: workspaceIdField,
    name: { type: String, required: true },
    status: { type: String, enum: CAMPAIGN_STATUSES, required: true },
    settings: {
      timezone: { type: String, required: true },
      workingHours: {
        start: { type: String, required: true },
        end: { type: String, required: true },
        days: { type: [Number], required: true },
      },
      invitationTimeoutDays: { type: Number, required: true },
    },
    coreVariables: {
      firstName: flag,
      lastName: flag,
      name: flag,
      companyName: flag,
      headline: flag,
      website: flag,
      email: flag,
      phone: flag,
    },
    customVariables: { type: Map, of: String, default: {} },
    networkAccounts: { type: [String], default: [] },
    steps: { type: [stepSchema], default: [] },
    rotationCounters: { type: Map, of: Number, default: {} },
    rotationPools: { type: Map, of: Number, default: {} },
    version: { type: Number, required: true },
    activation: { type: Number, required: true },
    leadsGeneration: { type: Number, default: 0 },
    // See campaign-counters.ts. Mixed: counters are only ever changed by `$inc`/`$set` on paths.
    counters: { type: Schema.Types.Mixed, default: undefined },
    countersCheckedAt: { type: Date },
    rollupsVersion: { type: Number },
    startTraceparent: { type: String, default: null },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
  },
  recordOptions('campaigns'),
);

// Serves `list` without a status filter: a workspace's campaigns, newest first. The name search
// is a case-insensitive substring match, checked on this workspace's entries only.
campaignSchema.index({ workspaceId: 1, createdAt: -1, _id: -1 });
// Serves `list` by status (newest first), `countByStatus` and `listIdsByStatus`.
campaignSchema.index({ workspaceId: 1, status: 1, createdAt: -1, _id: -1 });
// Serves the runner's `listActiveAcrossWorkspaces`: active campaigns in `_id` order, paged by `_id`.
campaignSchema.index({ status: 1, _id: 1 });
// Serves the counters' drift check (`checkOldestAcrossWorkspaces`): never-checked campaigns first,
// then the longest unchecked.
campaignSchema.index({ countersCheckedAt: 1, _id: 1 });
