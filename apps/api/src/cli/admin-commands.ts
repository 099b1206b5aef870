import {
  AmbiguousMatchError,
  asWorkspaceId,
  NotFoundError,
  type ApiKey,
  type Db,
  type WorkspaceId,
} from '@outreach/db';
import type { SenderAccount } from '@outreach/contract';
import { setPersonDisabled } from './disable-person.js';
import { resetLink } from './reset-link.js';
import { toApiAccount } from '../mappers/account.mapper.js';
import { registerAccount } from '../operations/accounts/create-account.js';
import { restoreSession } from '../operations/accounts/reconnect-account.js';
import type { AdminCommand } from './admin-args.js';

export class AdminError extends Error {
  override readonly name = 'AdminError';
}

export type AdminResult =
  | { kind: 'workspace created'; workspaceId: string; apiKey: string }
  | { kind: 'api key created'; apiKey: string; prefix: string }
  | { kind: 'api key revoked'; prefix: string; workspaceId: string; revokedAt: string }
  | { kind: 'account created'; account: SenderAccount }
  | { kind: 'account reconnected'; account: SenderAccount }
  | { kind: 'reset link'; email: string; url: string; expiresAt: string }
  | { kind: 'person disabled' | 'person enabled'; email: string; userId: string };

/** Runs one admin command against the database. */
export async function runAdminCommand(
  db: Db,
  command: Exclude<AdminCommand, { kind: 'help' }>,
  settings: { simulatorUrl?: string | undefined; publicUrl?: string | undefined } = {},
): Promise<AdminResult> {
  switch (command.kind) {
    case 'user disable':
    case 'user enable': {
      const disable = command.kind === 'user disable';
      const done = await setPersonDisabled(db, command.email, disable, new Date());
      if (!done) throw new AdminError(`no person with the e-mail ${command.email}`);
      return {
        kind: disable ? 'person disabled' : 'person enabled',
        email: command.email,
        userId: done.userId,
      };
    }
    case 'user reset-link': {
      const baseUrl = command.baseUrl ?? settings.publicUrl ?? 'http://127.0.0.1:3000';
      const link = await resetLink(db, command.email, { baseUrl, now: new Date() });
      if (!link) throw new AdminError(`no person with the e-mail ${command.email}`);
      return {
        kind: 'reset link',
        email: command.email,
        url: link.url,
        expiresAt: link.expiresAt.toISOString(),
      };
    }
    case 'workspace create': {
      const workspace = await db.workspaces.createWorkspace({ name: command.name, plan: command.plan });
      const key = await db.apiKeys.create(workspace.id, { name: 'default' });
      return { kind: 'workspace created', workspaceId: workspace.id, apiKey: key.plaintext };
    }
    case 'apikey create': {
      const workspaceId = await existingWorkspace(db, command.workspaceId);
      const key = await db.apiKeys.create(workspaceId, { name: 'admin' });
      return { kind: 'api key created', apiKey: key.plaintext, prefix: key.apiKey.prefix };
    }
    case 'apikey revoke': {
      const key = await revokeKey(db, command.keyPrefix, command.workspaceId);
      return {
        kind: 'api key revoked',
        prefix: key.prefix,
        workspaceId: key.workspaceId,
        revokedAt: (key.revokedAt ?? new Date()).toISOString(),
      };
    }
    case 'account create': {
      const workspaceId = await existingWorkspace(db, command.workspaceId);
      const account = await registerAccount(
        { db, workspaceId },
        {
          name: command.name,
          ...(command.publicIdentifier !== undefined ? { publicIdentifier: command.publicIdentifier } : {}),
        },
      );
      return { kind: 'account created', account: toApiAccount(account, new Date()) };
    }
    case 'account reconnect': {
      const workspaceId = await existingWorkspace(db, command.workspaceId);
      if (!(await db.senderAccounts.get(workspaceId, command.accountId)))
        throw new AdminError(`sender account not found: ${command.accountId}`);
      const account = await restoreSession(
        { db, workspaceId, productClock: () => new Date() },
        command.accountId,
        settings.simulatorUrl,
      ).catch((error: unknown) => {
        throw new AdminError(error instanceof Error ? error.message : String(error));
      });
      return { kind: 'account reconnected', account: toApiAccount(account, new Date()) };
    }
  }
}

/**
 * Revokes the key with this prefix: in the named workspace, or wherever it is when none is named
 * (refused when keys of several workspaces share the prefix, which `--workspace` then settles).
 */
async function revokeKey(db: Db, prefix: string, workspace: string | undefined): Promise<ApiKey> {
  try {
    if (workspace === undefined) return await db.apiKeys.revokeByPrefixAcrossWorkspaces(prefix);
    return await db.apiKeys.revokeByPrefix(await existingWorkspace(db, workspace), prefix);
  } catch (error) {
    if (error instanceof NotFoundError) {
      throw new AdminError(`no API key with prefix ${prefix}${workspace ? ` in ${workspace}` : ''}`);
    }
    if (error instanceof AmbiguousMatchError) {
      throw new AdminError(
        `keys of several workspaces have prefix ${prefix} (${error.workspaceIds.join(', ')}): name one with --workspace`,
      );
    }
    throw error;
  }
}

async function existingWorkspace(db: Db, id: string): Promise<WorkspaceId> {
  let workspaceId: WorkspaceId;
  try {
    workspaceId = asWorkspaceId(id);
  } catch {
    throw new AdminError(`not a workspace id: ${id}`);
  }
  if (!(await db.workspaces.get(workspaceId))) throw new AdminError(`workspace not found: ${id}`);
  return workspaceId;
}

/** What `--json` prints: exactly the documented fields of each command. */
export function jsonOutput(result: AdminResult): unknown {
  switch (result.kind) {
    case 'workspace created':
      return { workspaceId: result.workspaceId, apiKey: result.apiKey };
    case 'api key created':
      return { apiKey: result.apiKey, prefix: result.prefix };
    case 'api key revoked':
      return { prefix: result.prefix, workspaceId: result.workspaceId, revokedAt: result.revokedAt };
    case 'account created':
    case 'account reconnected':
      return result.account;
    case 'reset link':
      return { email: result.email, url: result.url, expiresAt: result.expiresAt };
    case 'person disabled':
    case 'person enabled':
      return { email: result.email, userId: result.userId, disabled: result.kind === 'person disabled' };
  }
}

/** What a person reads without `--json`. */
export function textOutput(result: AdminResult): string {
  switch (result.kind) {
    case 'workspace created':
      return `workspace ${result.workspaceId} created\nAPI key (shown once, keep it safe): ${result.apiKey}`;
    case 'api key created':
      return `API key (shown once, keep it safe): ${result.apiKey}\nprefix: ${result.prefix}`;
    case 'api key revoked':
      return `API key ${result.prefix} of ${result.workspaceId} revoked at ${result.revokedAt}`;
    case 'account created':
      return `sender account ${result.account.id} (${result.account.name}, ${result.account.publicIdentifier}) created, ${result.account.status}`;
    case 'account reconnected':
      return `sender account ${result.account.id} (${result.account.name}) reconnected, ${result.account.status}`;
    case 'person disabled':
      return `${result.email} is disabled: their sessions ended, and they cannot sign in until enabled`;
    case 'person enabled':
      return `${result.email} may sign in again`;
    case 'reset link':
      return `a link for ${result.email} to set a new password (works once, until ${result.expiresAt}):\n${result.url}`;
  }
}
