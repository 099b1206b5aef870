import { randomBytes } from 'node:crypto';
import type { SenderAccount } from '@outreach/contract';
import type { CreateAccountBody } from '../inputs.js';
import { AlreadyExistsError, type NewSenderAccount } from '@outreach/db';
import { applyLimitSettings, DomainError, normalizePublicIdentifier } from '@outreach/domain';
import { toApiAccount } from '../../mappers/account.mapper.js';
import { assertTimeZone } from '../campaigns/campaign-input.js';
import { definedOnly, type OperationContext } from '../context.js';

/**
 * Registers a connected, authenticated and active sender account. The network provider knows the
 * account by its id (the sandbox provider creates it on first use), so registering it here is all
 * a connection takes. Without a public identifier, one is made from the name.
 */
export async function createAccount(ctx: OperationContext, input: CreateAccountBody): Promise<SenderAccount> {
  const account = await registerAccount(ctx, input);
  return toApiAccount(account, ctx.productClock());
}

/** What a sender account is registered with (the API body, or the admin CLI's options). */
export type AccountRegistration = Pick<CreateAccountBody, 'name'> &
  Partial<Omit<CreateAccountBody, 'name'>> & {
    /** Connected at once (registered directly), or waiting for the provider's sign-in. */
    awaitingSignIn?: boolean;
  };

export async function registerAccount(
  ctx: Pick<OperationContext, 'db' | 'workspaceId'> & Partial<Pick<OperationContext, 'creationId'>>,
  input: AccountRegistration,
) {
  if (input.timezone !== undefined) assertTimeZone(input.timezone, 'timezone');
  const publicIdentifier =
    input.publicIdentifier !== undefined
      ? normalizePublicIdentifier(input.publicIdentifier)
      : fromName(input.name);
  const account: NewSenderAccount = input.awaitingSignIn
    ? { name: input.name.trim(), publicIdentifier, status: 'disconnected', authenticated: false }
    : { name: input.name.trim(), publicIdentifier, status: 'connected' };
  if (input.timezone !== undefined) account.timezone = input.timezone;
  if (input.inmailAllowed !== undefined) account.inmailAllowed = input.inmailAllowed;
  // A new account is free until the provider tells its tier: its settings are checked against that.
  if (input.limits !== undefined)
    account.limitSettings = applyLimitSettings('free', {}, definedOnly(input.limits));
  try {
    // Under an Idempotency-Key the account takes the key's reserved id: a retry after the first
    // request died answers with the account it registered.
    const options = ctx.creationId ? { id: ctx.creationId('account') } : {};
    return await ctx.db.senderAccounts.create(ctx.workspaceId, account, options);
  } catch (error) {
    // The contract answers a duplicate with 400: the identifier is bad input for this workspace.
    if (!(error instanceof AlreadyExistsError)) throw error;
    throw new DomainError(
      'invalid_input',
      `a sender account with public identifier ${publicIdentifier} exists`,
      {
        field: 'publicIdentifier',
      },
    );
  }
}

function fromName(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${slug || 'sender'}-${randomBytes(3).toString('hex')}`;
}
