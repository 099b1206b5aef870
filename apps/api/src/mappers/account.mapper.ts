import type { SenderAccount } from '@outreach/contract';
import type { SenderAccount as SenderAccountEntity } from '@outreach/db';

export function toApiAccount(account: SenderAccountEntity): SenderAccount {
  return {
    id: account.id,
    name: account.name,
    publicIdentifier: account.publicIdentifier,
    status: account.status,
    authenticated: account.authenticated,
    active: account.active,
    timezone: account.timezone,
    inmailAllowed: account.inmailAllowed,
    limits: { ...account.limits },
    cooldownUntil: account.cooldownUntil ? account.cooldownUntil.toISOString() : null,
    createdAt: account.createdAt.toISOString(),
  };
}
