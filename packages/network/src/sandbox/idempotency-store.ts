import type { SandboxOperation } from './fault-injector.js';

export interface StoredResponse {
  status: number;
  body: unknown;
}

/**
 * Successful answers kept by (account, operation, idempotency key). Only successes are kept:
 * after a refusal or a fault nothing happened, so the same key may try again.
 */
export class IdempotencyStore {
  private responses = new Map<string, StoredResponse>();

  find(accountId: string, operation: SandboxOperation, key: string): StoredResponse | undefined {
    return this.responses.get(this.key(accountId, operation, key));
  }

  remember(accountId: string, operation: SandboxOperation, key: string, response: StoredResponse): void {
    this.responses.set(this.key(accountId, operation, key), response);
  }

  clear(): void {
    this.responses = new Map();
  }

  private key(accountId: string, operation: SandboxOperation, key: string): string {
    return `${accountId}\u0000${operation}\u0000${key}`;
  }
}
