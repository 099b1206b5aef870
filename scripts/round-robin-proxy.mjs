// A small local HTTP proxy that spreads requests over several upstream servers in turn (the API
// instances of `scripts/start.mjs --apis N`, the simulator in front of each runner of the crash
// test). Bodies are streamed both ways with back-pressure, never buffered: an upload is read from
// the client only once the upstream connection is open, and only as fast as the upstream takes it.
// Headers pass as they came (cookies and `Set-Cookie` included), less the hop-by-hop ones.
//
// An upstream that refuses the connection (stopped, restarting) is skipped for `downMs`, and the
// request goes to the next one: nothing of it was sent, so even a POST is safe to send elsewhere.
// A failure after the request left (the upstream died while handling it) is answered 502, since the
// request may have been carried out: the client decides whether to retry (with an Idempotency-Key).
import { createServer, request } from 'node:http';

/** Hop-by-hop headers (RFC 9110, section 7.6.1): they concern one connection, not the message. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'upgrade',
]);

/** `rawHeaders` ([name, value, name, value, …]) without the hop-by-hop ones and `drop`. */
function forwardable(rawHeaders, drop = new Set()) {
  const kept = [];
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const name = rawHeaders[i].toLowerCase();
    if (!HOP_BY_HOP.has(name) && !drop.has(name)) kept.push(rawHeaders[i], rawHeaders[i + 1]);
  }
  return kept;
}

function answerError(res, statusCode, message, code) {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body = JSON.stringify({ statusCode, message, code });
  res.writeHead(statusCode, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
}

/**
 * Listens on `host:port` (port 0: any free one) and forwards to `upstreams` (`{ host, port }`) in
 * turn. `onResponse(upstream, req, upstreamRes)` is called for every answer passed on (counting,
 * in tests). Resolves with `{ port, served, close }`: `served` counts the answers per upstream
 * (`host:port`).
 */
export async function startRoundRobinProxy({
  port = 0,
  host = '127.0.0.1',
  upstreams,
  downMs = 1_000,
  onResponse,
}) {
  if (upstreams.length === 0) throw new Error('a proxy needs at least one upstream');
  const downUntil = new Map();
  const served = new Map(upstreams.map((u) => [`${u.host}:${u.port}`, 0]));
  let turn = 0;

  /** The next upstream in turn that is not known to be down, skipping those in `tried`. */
  function next(tried) {
    const now = Date.now();
    for (let n = 0; n < upstreams.length; n += 1) {
      const upstream = upstreams[(turn + n) % upstreams.length];
      if (tried.has(upstream) || (downUntil.get(upstream) ?? 0) > now) continue;
      turn = (turn + n + 1) % upstreams.length;
      return upstream;
    }
    // Every upstream is marked down: try one not tried yet all the same (it may be back).
    return upstreams.find((upstream) => !tried.has(upstream));
  }

  function forward(req, res, tried) {
    const upstream = next(tried);
    if (upstream === undefined) {
      answerError(res, 502, 'no upstream server accepted the connection; retry later', 'bad_gateway');
      return;
    }
    tried.add(upstream);
    const forwardedFor = [req.headers['x-forwarded-for'], req.socket.remoteAddress]
      .filter(Boolean)
      .join(', ');
    const headers = [
      ...forwardable(req.rawHeaders, new Set(['x-forwarded-for'])),
      'x-forwarded-for',
      forwardedFor,
    ];
    // One connection per request: a refused connection then always means nothing was sent.
    const upstreamReq = request({
      host: upstream.host,
      port: upstream.port,
      method: req.method,
      path: req.url,
      headers,
      agent: false,
    });
    let connected = false;
    upstreamReq.once('socket', (socket) => {
      socket.once('connect', () => {
        connected = true;
        req.pipe(upstreamReq);
      });
    });
    upstreamReq.once('response', (upstreamRes) => {
      served.set(`${upstream.host}:${upstream.port}`, served.get(`${upstream.host}:${upstream.port}`) + 1);
      onResponse?.(upstream, req, upstreamRes);
      res.writeHead(
        upstreamRes.statusCode,
        upstreamRes.statusMessage,
        forwardable(upstreamRes.rawHeaders, new Set(['transfer-encoding'])),
      );
      upstreamRes.pipe(res);
      upstreamRes.once('error', () => res.destroy());
    });
    upstreamReq.once('error', (error) => {
      if (!connected) {
        downUntil.set(upstream, Date.now() + downMs);
        if (tried.size < upstreams.length) {
          forward(req, res, tried);
          return;
        }
        answerError(
          res,
          502,
          `no upstream server accepted the connection (${error.code ?? error.message}); retry later`,
          'bad_gateway',
        );
        return;
      }
      answerError(
        res,
        502,
        `the upstream server failed while handling the request (${error.code ?? error.message})`,
        'bad_gateway',
      );
    });
    // The client went away: so does the request upstream.
    res.once('close', () => {
      if (!res.writableFinished) upstreamReq.destroy();
    });
  }

  // No deadline of its own: the upstream's apply (an upload may take long).
  const server = createServer({ requestTimeout: 0 }, (req, res) => forward(req, res, new Set()));
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  return {
    port: server.address().port,
    served,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
