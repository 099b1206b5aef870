/**
 * Plain data shapes the rules work on. They hold only what a rule needs, so the data layer and the
 * API can pass their own records (extra fields are fine) without mapping.
 */
import type { AccountStatus, CoreVariable, LeadInternalStatus, LeadStatus, StepType } from './vocabulary.js';
import type { IdPrefix } from './ids.js';

export interface AiTool {
  name: string;
  key: string;
}

export interface VariantDef {
  id: string;
  body: string;
  /** Rotation position, always 0..n-1 within a step. */
  order: number;
  isDisabled: boolean;
  /** Free-text ideal-customer-profile definition; null means "for everyone else". */
  icpDefinitionRaw: string | null;
  aiTools: readonly AiTool[];
}

export interface StepDef {
  id: string;
  type: StepType;
  /** 0-based position in the sequence. */
  order: number;
  /** Whole days to wait after the previous step completed. */
  delay: number;
  stopOnReply: boolean;
  /** Fallback template for variants; the optional note of an invitation step. */
  genericBody: string | null;
  /** Empty for step types without variants. */
  variants: readonly VariantDef[];
}

/** Where a lead stands in its campaign's sequence. */
export interface LeadProgress {
  id: string;
  status: LeadStatus;
  internalStatus: LeadInternalStatus;
  /** Index of the next step to run; equals the number of steps once every step ran. */
  currentStep: number;
}

/** The parts of a lead that templates and ICP matching read. */
export interface LeadProfile {
  publicIdentifier?: string | null | undefined;
  firstName?: string | null | undefined;
  lastName?: string | null | undefined;
  name?: string | null | undefined;
  companyName?: string | null | undefined;
  headline?: string | null | undefined;
  website?: string | null | undefined;
  email?: string | null | undefined;
  phone?: string | null | undefined;
  summary?: string | null | undefined;
  customVariables?: Readonly<Record<string, unknown>> | null | undefined;
}

export interface WorkingHours {
  /** Local time "HH:mm" in the campaign's timezone. */
  start: string;
  /** Local time "HH:mm", after `start` (windows do not span midnight). */
  end: string;
  /** ISO weekdays, 1 = Monday ... 7 = Sunday. */
  days: readonly number[];
}

export interface CampaignSettings {
  /** IANA timezone name. */
  timezone: string;
  workingHours: WorkingHours;
  invitationTimeoutDays: number;
}

/** Core variable switches; a variable absent from the map is on. */
export type CoreVariableSwitches = Readonly<Partial<Record<CoreVariable, boolean>>>;

/** Custom variable name -> default value used when a lead lacks it. */
export type CustomVariableDefaults = Readonly<Record<string, string>>;

/** The campaign-level inputs of template rendering. */
export interface TemplateSettings {
  coreVariables?: CoreVariableSwitches | undefined;
  customVariables?: CustomVariableDefaults | undefined;
  /** Values the variant's AI tools produced for this lead, by tool key (`{{ai.<key>}}`). */
  aiValues?: Readonly<Record<string, string>> | undefined;
}

export interface AccountLimits {
  invitationsPerDay: number;
  invitationsPerWeek: number;
  messagesPerDay: number;
  inmailsPerDay: number;
  profileVisitsPerDay: number;
}

/** The parts of a sender account the rules read. */
export interface SenderState {
  id: string;
  status: AccountStatus;
  authenticated: boolean;
  active: boolean;
}

/** Makes a fresh public id for the given prefix (e.g. `stp` -> `stp_<24 hex>`). */
export type IdFactory = (prefix: IdPrefix) => string;
