/**
 * What the runner needs from storage, in its own words. The production implementation is a thin
 * adapter over `@outreach/db` (see `db-runner.store.ts`); keeping the runner behind this port lets
 * the step logic read as the product's rules rather than as queries, and makes the few places where
 * the data layer is asked for more than it offers explicit.
 *
 * Every method that touches a tenant's records takes the workspace id of the item being worked on:
 * the runner learns it from the claimed lead or the listed campaign, never from outside.
 *
 * The port is written by concern, one file each (`*-store.port.ts`); `RunnerStore` is all of them,
 * the one type a store implements, and this module exports every type the parts name.
 */
import type { RunnerAccountStore } from './account-store.port.js';
import type { RunnerActivityStore } from './activity-store.port.js';
import type { RunnerCampaignStore } from './campaign-store.port.js';
import type { RunnerConversationStore } from './conversation-store.port.js';
import type { RunnerImportStore } from './import-store.port.js';
import type { RunnerInvitationStore } from './invitation-store.port.js';
import type { RunnerLeadStore } from './lead-store.port.js';
import type { RunnerProviderEventStore } from './provider-event-store.port.js';

export type * from './account-store.port.js';
export type * from './activity-store.port.js';
export type * from './campaign-store.port.js';
export type * from './conversation-store.port.js';
export type * from './import-store.port.js';
export type * from './invitation-store.port.js';
export type * from './lead-store.port.js';
export type * from './provider-event-store.port.js';

export interface RunnerStore
  extends
    RunnerCampaignStore,
    RunnerLeadStore,
    RunnerAccountStore,
    RunnerProviderEventStore,
    RunnerConversationStore,
    RunnerInvitationStore,
    RunnerImportStore,
    RunnerActivityStore {}
