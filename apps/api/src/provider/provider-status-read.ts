import type { AccountStatus } from '@outreach/domain';
import { isNetworkError, type ProviderNetworkPort } from '@outreach/network';

export type { AccountStatusEvent, ProviderAccountEventStatus, ProviderNetworkPort } from '@outreach/network';

/**
 * The account's state as the provider reads it now: connected only when its session is OK and
 * authenticated; disconnected when the credentials are lost or the provider reports ERROR or
 * STOPPED; null (nothing to change) while it is connecting. Null as a whole when there is no
 * provider to ask or the read failed (the report is then applied as it came).
 */
export async function classifyProviderRead(
  network: ProviderNetworkPort | null,
  providerAccountId: string,
): Promise<{ status: AccountStatus | null; reason: string } | null> {
  if (network === null) return null;
  try {
    const current = await network.getAccountStatus({ accountId: providerAccountId });
    if (current.state === 'connected' && current.authenticated)
      return { status: 'connected', reason: 'connected' };
    if (current.state === 'connecting') return { status: null, reason: 'connecting' };
    const why = current.authenticated ? current.state : 'credentials lost';
    return { status: 'disconnected', reason: `the network provider reports the account ${why}` };
  } catch (error) {
    if (isNetworkError(error)) return null;
    throw error;
  }
}
