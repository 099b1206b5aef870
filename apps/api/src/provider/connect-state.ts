import { createHmac } from 'node:crypto';
import { secretMatches } from './webhook-secret.js';

/** What the hosted-auth callback may do: link this provider account to this sender account. */
export interface ConnectState {
  workspaceId: string;
  accountId: string;
  /** Real milliseconds since the epoch (HTTP time) after which the callback is refused. */
  expiresAt: number;
}

function sign(payload: string, secret: string): string {
  return createHmac('sha256', `connect-state:${secret}`).update(payload).digest('base64url');
}

/**
 * The signed token put in the hosted-auth `notify_url`. The provider calls that URL without any
 * header of ours, so the URL itself must prove the call: only the API (holding the webhook secret)
 * can sign a token, and a token names the one sender account it may connect, until it expires.
 */
export function signConnectState(state: ConnectState, secret: string): string {
  const payload = Buffer.from(
    JSON.stringify({ w: state.workspaceId, a: state.accountId, e: state.expiresAt }),
  ).toString('base64url');
  return `${payload}.${sign(payload, secret)}`;
}

/** The state a token carries, or null when it is forged, altered or expired. */
export function verifyConnectState(token: string, secret: string, realNow: Date): ConnectState | null {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  if (!secretMatches(signature, sign(payload, secret))) return null;
  try {
    const raw = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    const { w, a, e } = raw;
    if (typeof w !== 'string' || typeof a !== 'string' || typeof e !== 'number') return null;
    if (e < realNow.getTime()) return null;
    return { workspaceId: w, accountId: a, expiresAt: e };
  } catch {
    return null;
  }
}
