import type { RunnerAccount } from '../store/runner-store.port.js';

/**
 * The provider's id of a sender account: learnt from the hosted sign-in; an account registered
 * directly (local runs on the simulator) is known to the provider by our own id.
 */
export function providerAccountOf(account: Pick<RunnerAccount, 'id' | 'providerAccountId'>): string {
  return account.providerAccountId ?? account.id;
}
