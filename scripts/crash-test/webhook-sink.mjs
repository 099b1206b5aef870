// The crash test's webhook receiver: checks each delivery's Standard Webhooks signature against
// the subscription secrets it was given, acknowledges it (204), and counts every `webhook-id` it
// got, so that events never received and events received twice can be counted afterwards.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';

function signatureValid(secrets, id, timestamp, body, header) {
  const offered = String(header ?? '')
    .split(' ')
    .filter((part) => part.startsWith('v1,'))
    .map((part) => Buffer.from(part.slice(3), 'base64'));
  return secrets.some((secret) => {
    const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
    const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest();
    return offered.some((sig) => sig.length === expected.length && timingSafeEqual(sig, expected));
  });
}

export async function startWebhookSink() {
  const secrets = [];
  /** webhook-id → { count, type, data } */
  const received = new Map();
  let badSignatures = 0;
  const server = createServer((req, res) => {
    const parts = [];
    req.on('data', (chunk) => parts.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(parts).toString('utf8');
      const id = String(req.headers['webhook-id'] ?? '');
      if (
        !signatureValid(secrets, id, req.headers['webhook-timestamp'], body, req.headers['webhook-signature'])
      ) {
        badSignatures += 1;
        res.statusCode = 401;
        res.end();
        return;
      }
      const event = JSON.parse(body);
      const seen = received.get(id);
      if (seen) seen.count += 1;
      else received.set(id, { count: 1, type: event.type, data: event.data });
      res.statusCode = 204;
      res.end();
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/outreach`,
    /** The secret of a subscription made to this receiver (`whsec_…`). */
    trust: (secret) => secrets.push(secret),
    received,
    badSignatures: () => badSignatures,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(resolve);
      }),
  };
}
