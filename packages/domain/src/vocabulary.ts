/**
 * The product's shared vocabulary. Every package (contract, db, api, runner, dispatcher) uses these
 * lists, so a status or event type is spelled in exactly one place.
 */

export const CAMPAIGN_STATUSES = ['active', 'paused', 'completed', 'error', 'draft'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const STEP_TYPES = ['invitation', 'message', 'visit_profile', 'screener'] as const;
export type StepType = (typeof STEP_TYPES)[number];

/** Step types that carry message variants. */
export const VARIANT_STEP_TYPES = ['message', 'screener'] as const satisfies readonly StepType[];

export const LEAD_STATUSES = ['waiting', 'active', 'paused', 'completed', 'error'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** Why a lead is in its status. */
export const LEAD_INTERNAL_STATUSES = [
  'queued',
  'awaiting_delay',
  'awaiting_working_hours',
  'awaiting_capacity',
  /** The account's provider-call budget of the day is spent (the runner waits, never exceeds it). */
  'awaiting_budget',
  'invitation_pending',
  'awaiting_connection',
  'already_connected',
  'replied',
  'blocked',
  'sender_unavailable',
  /** The sender account is restricted by the network: the lead waits for a reconnection or another sender. */
  'sender_restricted',
  'missing_variable',
  'invitation_expired',
  'network_error',
  'paused_by_user',
  'finished',
] as const;
export type LeadInternalStatus = (typeof LEAD_INTERNAL_STATUSES)[number];

export const LEAD_TAGS = ['interested', 'meeting_booked', 'matched', 'discarded'] as const;
export type LeadTag = (typeof LEAD_TAGS)[number];

export const WORKSPACE_PLANS = ['starter', 'pro', 'agency'] as const;
export type WorkspacePlan = (typeof WORKSPACE_PLANS)[number];

/**
 * `restricted`: the network restricted the account (403 `account_restricted`, `action_required`,
 * ...); it takes no action until it is reconnected.
 */
export const ACCOUNT_STATUSES = ['connected', 'disconnected', 'restricted'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

export const EVENT_TYPES = [
  'lead_tagged_interested',
  'lead_meeting_booked',
  'lead_status_matched',
  'lead_status_discarded',
  'campaign_completed',
  'message_received',
  'network_account_disconnected',
  'connection_request_accepted',
  'campaign_without_leads',
  'acceptance_guard_started',
  'lead_import_completed',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** The event fired when a lead gets a tag, by hand or from the screener's analysis of a reply. */
export const TAG_EVENTS = {
  interested: 'lead_tagged_interested',
  meeting_booked: 'lead_meeting_booked',
  matched: 'lead_status_matched',
  discarded: 'lead_status_discarded',
} as const satisfies Record<LeadTag, EventType>;

/**
 * Why a webhook delivery failed for good: out of retries, the receiver answered 410 Gone, the
 * subscription was removed before the attempt, the event is gone, or the URL cannot be sent to.
 */
export const DELIVERY_FAILURE_REASONS = [
  'attempts_exhausted',
  'gone',
  'subscription_removed',
  'event_missing',
  'invalid_url',
] as const;
export type DeliveryFailureReason = (typeof DELIVERY_FAILURE_REASONS)[number];

/** Executed network actions, as logged for analytics. */
export const ACTION_TYPES = [
  'invitation_sent',
  'invitation_accepted',
  'message_sent',
  'inmail_sent',
  'profile_visited',
  'reply_received',
] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

export const MESSAGE_SENDERS = ['lead', 'account'] as const;
export type MessageSender = (typeof MESSAGE_SENDERS)[number];

/** The core template variables, taken from the lead profile. */
export const CORE_VARIABLES = [
  'firstName',
  'lastName',
  'name',
  'companyName',
  'headline',
  'website',
  'email',
  'phone',
] as const;
export type CoreVariable = (typeof CORE_VARIABLES)[number];

export const LIMITS = {
  variantBodyMaxLength: 8000,
  invitationNoteMaxLength: 300,
  maxItemsPerRequest: 1000,
  defaultPageSize: 50,
  maxPageSize: 100,
  performListMax: 3,
} as const;
