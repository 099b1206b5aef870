import { Webhook } from 'standardwebhooks';

/** Standard Webhooks headers of one attempt, keyed in lower case as they go on the wire. */
export interface SignatureHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/** Signers kept at once; past that the cache starts over. */
const MAX_SIGNERS = 1_000;
const signers = new Map<string, Webhook>();

/** The signer of a secret, made once: making one decodes the secret. */
function signerFor(secret: string): Webhook {
  let signer = signers.get(secret);
  if (signer === undefined) {
    if (signers.size >= MAX_SIGNERS) signers.clear();
    signer = new Webhook(secret);
    signers.set(secret, signer);
  }
  return signer;
}

/**
 * Signs `body` for one attempt. `webhook-id` is the event id, identical on every retry so receivers
 * can deduplicate; `webhook-timestamp` is the attempt time in unix seconds, which receivers compare
 * with their clock to reject replays. The signature is `v1,` + base64 HMAC-SHA256 of
 * `<id>.<timestamp>.<body>` keyed with the decoded `whsec_` secret.
 */
export function signWebhook(secret: string, messageId: string, sentAt: Date, body: string): SignatureHeaders {
  const signature = signerFor(secret).sign(messageId, sentAt, body);
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
    'webhook-signature': signature,
  };
}
