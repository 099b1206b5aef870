import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/** Standard Webhooks headers of one attempt, keyed in lower case as they go on the wire. */
export interface SignatureHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

const SECRET_PREFIX = 'whsec_';
/** Decoded keys kept at once; past that the cache starts over (a dispatcher serves few secrets). */
const MAX_CACHED_KEYS = 1_000;
const keys = new Map<string, KeyObject>();

/**
 * Signs `body` for one attempt. `webhook-id` is the event id, identical on every retry so receivers
 * can deduplicate; `webhook-timestamp` is the attempt time in unix seconds, which receivers compare
 * with their clock to reject replays. The signature is `v1,` + base64 HMAC-SHA256 of
 * `<id>.<timestamp>.<body>` keyed with the decoded `whsec_` secret.
 *
 * The HMAC is Node's (native) rather than the `standardwebhooks` library's pure-JavaScript one,
 * which cost a tenth of the dispatcher's work per delivery; the result is the same bytes, and the
 * tests verify every signature with the library. The library still reads the secret, once per
 * secret, so a secret it would refuse is refused here too.
 */
export function signWebhook(secret: string, messageId: string, sentAt: Date, body: string): SignatureHeaders {
  const timestamp = String(Math.floor(sentAt.getTime() / 1000));
  const signature = createHmac('sha256', keyOf(secret))
    .update(`${messageId}.${timestamp}.${body}`)
    .digest('base64');
  return {
    'webhook-id': messageId,
    'webhook-timestamp': timestamp,
    'webhook-signature': `v1,${signature}`,
  };
}

/**
 * The HMAC key of a `whsec_` secret (base64 after the prefix), checked by the library first; kept
 * as a key object, which each HMAC uses without importing the key bytes again.
 */
function keyOf(secret: string): KeyObject {
  const cached = keys.get(secret);
  if (cached !== undefined) return cached;
  new Webhook(secret); // throws, as signing with it would, for a secret that is not valid base64
  const encoded = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
  const key = createSecretKey(Buffer.from(encoded, 'base64'));
  if (keys.size >= MAX_CACHED_KEYS) keys.clear();
  keys.set(secret, key);
  return key;
}
