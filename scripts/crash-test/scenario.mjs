// What the crash test asks of the API, through the proxy in front of its instances: the campaign
// (steps, variants, senders, leads, start), the webhook subscriptions, and traffic while processes
// are killed. Every change carries an Idempotency-Key and is retried like a careful client would:
// on a refused or cut connection (502 from the proxy, a network error), on 503 and on 409
// `idempotency_key_in_use` (an instance died holding the key: the lock runs out in a minute).

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const RETRY_FOR_MS = 120_000;

export function createApiClient(apiUrl, apiKey) {
  const statuses = {};
  let keys = 0;
  async function call(
    method,
    path,
    body,
    idempotencyKey = method === 'GET' ? undefined : `crash-${(keys += 1)}`,
  ) {
    const deadline = Date.now() + RETRY_FOR_MS;
    for (;;) {
      let status = 0;
      let answer;
      try {
        const res = await fetch(`${apiUrl}${path}`, {
          method,
          headers: {
            'x-api-key': apiKey,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          signal: AbortSignal.timeout(30_000),
        });
        status = res.status;
        const text = await res.text();
        answer = text === '' ? null : JSON.parse(text);
      } catch {
        status = 0;
      }
      // The proxy's 502s: no instance was up (all restarting), or one died while handling it.
      const label =
        status === 502
          ? `502 ${String(answer?.message).startsWith('no upstream') ? 'no instance up' : 'cut mid-request'}`
          : status;
      statuses[label] = (statuses[label] ?? 0) + 1;
      const retry =
        status === 0 ||
        status === 502 ||
        status === 503 ||
        (status === 409 && answer?.code === 'idempotency_key_in_use');
      if (!retry) return { status, body: answer };
      if (Date.now() > deadline)
        throw new Error(`${method} ${path}: still ${status} after ${RETRY_FOR_MS} ms`);
      await sleep(status === 409 ? 1_000 : 200);
    }
  }
  async function expect(status, method, path, body) {
    const res = await call(method, path, body);
    if (res.status !== status)
      throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }
  return { call, expect, statuses: () => ({ ...statuses }) };
}

/** The campaign of the test: an invitation with a note, then a message in two variants. */
export async function createCampaign(api, { accountIds, leads }) {
  const campaign = await api.expect(201, 'POST', '/v1/campaigns', {
    name: 'Crash test campaign',
    settings: {
      timezone: 'UTC',
      workingHours: { start: '00:00', end: '23:59', days: [1, 2, 3, 4, 5, 6, 7] },
    },
  });
  const id = campaign.id;
  await api.expect(201, 'POST', `/v1/campaigns/${id}/steps`, {
    order: 0,
    type: 'invitation',
    genericBody: 'Hi {{firstName}}, glad to connect.',
  });
  const sequence = await api.expect(201, 'POST', `/v1/campaigns/${id}/steps`, {
    order: 1,
    type: 'message',
    delay: 0,
  });
  const message = sequence.steps[1];
  await api.expect(200, 'PUT', `/v1/campaigns/${id}/steps/${message.id}/variants/${message.variants[0].id}`, {
    body: 'Hello {{firstName}} (A)',
  });
  await api.expect(201, 'POST', `/v1/campaigns/${id}/steps/${message.id}/variants`, {
    body: 'Hello {{firstName}} (B)',
  });
  await api.expect(200, 'POST', `/v1/campaigns/${id}/senders`, { accountIds });
  for (let first = 0; first < leads.length; first += 1000)
    await api.expect(200, 'POST', `/v1/campaigns/${id}/leads`, { leads: leads.slice(first, first + 1000) });
  return id;
}

/** One subscription per event type to `url`; answers the secrets. */
export async function subscribe(api, url, types) {
  const secrets = [];
  for (const type of types)
    secrets.push((await api.expect(201, 'POST', '/v1/hooks/subscribe', { url, type })).secret);
  return secrets;
}

/**
 * Reads and writes while processes die, until `stop()`: every 100 ms a read (the campaign, a page
 * of its leads, the subscriptions), every 10th turn a new draft campaign. Each creation's key is
 * remembered: afterwards every one must exist exactly once.
 */
export function startTraffic(api, campaignId) {
  let running = true;
  const creations = [];
  const reads = [`/v1/campaigns/${campaignId}`, `/v1/campaigns/${campaignId}/leads?limit=20`, '/v1/hooks'];
  const loop = (async () => {
    for (let turn = 0; running; turn += 1) {
      if (turn % 10 === 9) {
        const name = `Traffic ${creations.length + 1}`;
        creations.push(
          api.call('POST', '/v1/campaigns', { name }).then((res) => ({ name, status: res.status })),
        );
      } else await api.call('GET', reads[turn % reads.length]);
      await sleep(100);
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return Promise.all(creations);
    },
  };
}
