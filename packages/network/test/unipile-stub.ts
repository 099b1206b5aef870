import { once } from 'node:events';
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StubRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  /** The multipart or JSON body's fields, as strings. */
  fields: Record<string, string>;
}

export interface StubAnswer {
  status: number;
  body: unknown;
}

/**
 * A plain HTTP server that answers what a test says, for the answers of the real service that the
 * simulator does not give (yet, or at all): restrictions, odd statuses, null ids, the InMail
 * balance. It records every request, so a test can also check what the adapter sent.
 */
export interface UnipileStub {
  url: string;
  requests: StubRequest[];
  /** Answers requests whose `METHOD /path` (under /api/v1) matches; the last matching rule wins. */
  on(method: string, path: RegExp, answer: StubAnswer | ((request: StubRequest) => StubAnswer)): void;
  reset(): void;
  close(): Promise<void>;
}

export async function startUnipileStub(): Promise<UnipileStub> {
  const requests: StubRequest[] = [];
  let rules: { method: string; path: RegExp; answer: StubAnswer | ((r: StubRequest) => StubAnswer) }[] = [];
  const server = createServer((req, res) => {
    void handle(req, res);
  });
  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://stub');
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const fields = await fieldsOf(Buffer.concat(chunks), req.headers['content-type']);
    const request = {
      method: req.method ?? 'GET',
      path: url.pathname.replace(/^\/api\/v1/, ''),
      query: url.searchParams,
      fields,
    };
    requests.push(request);
    const rule = rules.findLast((r) => r.method === request.method && r.path.test(request.path));
    const answer = rule
      ? typeof rule.answer === 'function'
        ? rule.answer(request)
        : rule.answer
      : {
          status: 404,
          body: {
            object: 'Error',
            status: 404,
            type: 'errors/resource_not_found',
            title: 'Not found',
            detail: request.path,
          },
        };
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(answer.body));
  }
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    on(method, path, answer) {
      rules.push({ method, path, answer });
    },
    reset() {
      rules = [];
      requests.length = 0;
    },
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

async function fieldsOf(body: Buffer, contentType: string | undefined): Promise<Record<string, string>> {
  if (body.length === 0 || contentType === undefined) return {};
  if (contentType.includes('application/json'))
    return JSON.parse(body.toString('utf8')) as Record<string, string>;
  if (!contentType.includes('multipart/form-data')) return {};
  const form = await new Response(body, { headers: { 'content-type': contentType } }).formData();
  const fields: Record<string, string> = {};
  for (const [key, value] of form.entries()) if (typeof value === 'string') fields[key] = value;
  return fields;
}

/** Unipile's error body (RFC 7807, https://developer.unipile.com/v2.0/reference/error-responses). */
export function problem(status: number, type: string, detail = 'detail'): StubAnswer {
  return { status, body: { object: 'Error', status, type: `errors/${type}`, title: type, detail } };
}

/** A LinkedIn profile as `GET /users/:identifier` gives it, without sections. */
export function profileAnswer(publicIdentifier: string, extra: Record<string, unknown> = {}): StubAnswer {
  return {
    status: 200,
    body: {
      object: 'UserProfile',
      provider: 'LINKEDIN',
      provider_id: `ACoAA-${publicIdentifier}`,
      public_identifier: publicIdentifier,
      first_name: 'Stub',
      last_name: 'Person',
      headline: 'Tester',
      network_distance: 'OUT_OF_NETWORK',
      can_send_inmail: true,
      ...extra,
    },
  };
}
