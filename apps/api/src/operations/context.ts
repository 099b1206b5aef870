import { randomBytes } from 'node:crypto';
import type { Db, IdKind, WorkspaceId } from '@outreach/db';
import { DomainError, publicId, type IdPrefix } from '@outreach/domain';
import type { Logger } from 'pino';
import type { AppSettings, ProviderSettings } from '../app-deps.js';
import type { AuditTrail } from '../audit/audit-trail.js';
import type { Access } from '../auth/principal.js';
import type { PeopleServices } from '../auth/people-services.js';

/**
 * What every operation works with: the caller's workspace (from its API key, never from the
 * request), the repositories, the two clocks and a logger carrying the request id.
 */
export interface OperationContext {
  workspaceId: WorkspaceId;
  db: Db;
  /** Campaign time (see `AppDeps.productClock`). */
  productClock: () => Date;
  /** HTTP time, always real (see `AppDeps.realClock`). */
  realClock: () => Date;
  log: Logger;
  settings: AppSettings;
  /** The network provider, when accounts connect through its hosted sign-in. */
  provider?: ProviderSettings | undefined;
  /** Who is calling, in which workspace and with which role (set by the access guard). */
  access: Access;
  audit: AuditTrail;
  /** People, sessions, mail and links. */
  people: PeopleServices;
  /**
   * The id of the record of `kind` the request creates (one per kind): under an Idempotency-Key,
   * the one its claim reserved, so a retry of a request that died after creating the record finds
   * it under that id instead of creating another; a fresh id otherwise.
   */
  creationId(kind: IdKind): string;
}

/** A fresh public id (`stp_…`, `var_…`) for records the domain creates inside a campaign. */
export function newPublicId(prefix: IdPrefix): string {
  return publicId(prefix, randomBytes(12).toString('hex'));
}

/** The workspace's campaign, or the 404 that hides whether it exists in another workspace. */
export async function requireCampaign(ctx: OperationContext, campaignId: string) {
  const campaign = await ctx.db.campaigns.get(ctx.workspaceId, campaignId);
  if (!campaign)
    throw new DomainError('campaign_not_found', `campaign not found: ${campaignId}`, { campaignId });
  return campaign;
}

export async function requireLead(ctx: OperationContext, leadId: string) {
  const lead = await ctx.db.leads.get(ctx.workspaceId, leadId);
  if (!lead) throw new DomainError('lead_not_found', `lead not found: ${leadId}`, { leadId });
  return lead;
}

export async function requireAccount(ctx: OperationContext, accountId: string) {
  const account = await ctx.db.senderAccounts.get(ctx.workspaceId, accountId);
  if (!account)
    throw new DomainError('account_not_found', `sender account not found: ${accountId}`, { accountId });
  return account;
}

/** The `{ success, message }` answer of operations that return nothing else. */
export function done(message: string): { success: true; message: string } {
  return { success: true, message };
}

/** "1 lead" / "3 leads": messages read naturally whatever the count. */
export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** `T` with every optional `undefined` removed, at any depth of plain objects. */
export type Defined<T> = T extends readonly unknown[]
  ? T
  : T extends object
    ? { [K in keyof T]: Defined<Exclude<T[K], undefined>> }
    : T;

/**
 * The value without undefined fields, at any depth of plain objects. Parsed optional fields are
 * present as `undefined`; the repositories' patch types (exact optional properties) want them absent.
 */
export function definedOnly<T extends object>(value: T): Defined<T> {
  const entries = Object.entries(value).flatMap(([key, field]: [string, unknown]) => {
    if (field === undefined) return [];
    const plain =
      typeof field === 'object' && field !== null && !Array.isArray(field) && !(field instanceof Date);
    return [[key, plain ? definedOnly(field) : field]];
  });
  return Object.fromEntries(entries) as Defined<T>;
}
