/**
 * An OpenAI-compatible chat-completions server for tests and local runs: `POST /v1/chat/completions`
 * answers deterministically in the official response shape (see `simulated-answers.ts`), `GET
 * /v1/models` lists its one model, and faults can be queued in process (`injectFaults`) or over HTTP
 * (`POST /_simulator/faults`, `DELETE /_simulator/faults`, `GET /_simulator/requests`).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiError, chatCompletion, faultyShape } from './chat-completion.response.js';
import { simulatedContent } from './simulated-answers.js';
import { simulatorFaultsBody, type SimulatorFault } from './simulator-faults.js';

export interface LlmSimulatorOptions {
  /** The model name it answers as. */
  model?: string;
  /** When set, requests must carry `Authorization: Bearer <apiKey>`. */
  apiKey?: string;
}

export interface SimulatedRequest {
  task: string | null;
  model: string;
  messages: ReadonlyArray<{ role: string; content: string }>;
}

export interface RunningLlmSimulator {
  url: string;
  /** The base URL for an OpenAI client: `<url>/v1`. */
  baseURL: string;
  close(): Promise<void>;
}

export interface LlmSimulator {
  readonly model: string;
  /** Every chat-completion request received, in order. */
  readonly requests: readonly SimulatedRequest[];
  injectFaults(...faults: SimulatorFault[]): void;
  clearFaults(): void;
  listen(port?: number, host?: string): Promise<RunningLlmSimulator>;
}

const MAX_BODY_BYTES = 1_048_576;

function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  if (res.writableEnded || res.destroyed) return;
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_BODY_BYTES) throw new Error('request body too large');
    chunks.push(buffer);
  }
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
}

function messagesOf(body: Record<string, unknown>): SimulatedRequest['messages'] | null {
  if (!Array.isArray(body.messages)) return null;
  return body.messages.map((message: unknown) => {
    const { role, content } = (message ?? {}) as { role?: unknown; content?: unknown };
    return {
      role: typeof role === 'string' ? role : '',
      content: typeof content === 'string' ? content : '',
    };
  });
}

function taskOf(body: Record<string, unknown>): string | null {
  const format = body.response_format as { json_schema?: { name?: unknown } } | undefined;
  const name = format?.json_schema?.name;
  return typeof name === 'string' ? name : null;
}

export function createLlmSimulator(options: LlmSimulatorOptions = {}): LlmSimulator {
  const model = options.model ?? 'outreach-simulated-1';
  const requests: SimulatedRequest[] = [];
  const faults: SimulatorFault[] = [];
  let nextId = 0;

  async function chatCompletions(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let body: Record<string, unknown>;
    try {
      body = (await readJson(req)) as Record<string, unknown>;
    } catch {
      return send(
        res,
        400,
        apiError('We could not parse the JSON body of your request.', 'invalid_request_error', null),
      );
    }
    const messages = typeof body === 'object' && body !== null ? messagesOf(body) : null;
    if (messages === null || typeof body.model !== 'string') {
      return send(res, 400, apiError('model and messages are required', 'invalid_request_error', null));
    }
    const task = taskOf(body);
    requests.push({ task, model: body.model, messages });
    const fault = faults.shift();
    if (fault?.kind === 'hang') return; // the client's timeout ends it, or close()
    if (fault?.kind === 'delay') await new Promise((resolve) => setTimeout(resolve, fault.ms));
    if (fault?.kind === 'rate_limit') {
      const retryAfter = String(fault.retryAfterSeconds ?? 1);
      return send(
        res,
        429,
        apiError('Rate limit reached. Please try again later.', 'requests', 'rate_limit_exceeded'),
        {
          'retry-after': retryAfter,
        },
      );
    }
    if (fault?.kind === 'server_error') {
      return send(
        res,
        fault.status ?? 500,
        apiError('The server had an error while processing your request.', 'server_error', null),
      );
    }
    const user = messages.filter((message) => message.role === 'user').at(-1)?.content ?? '';
    nextId += 1;
    send(
      res,
      200,
      chatCompletion({
        id: `chatcmpl-sim${String(nextId).padStart(6, '0')}`,
        created: Math.floor(Date.now() / 1000),
        model,
        promptText: messages.map((message) => message.content).join('\n'),
        shape: faultyShape(fault, simulatedContent(task, user)),
      }),
    );
  }

  async function control(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method === 'DELETE') {
      faults.length = 0;
      return send(res, 200, { faults: 0 });
    }
    if (req.method === 'GET') return send(res, 200, { requests: requests.length, faults: faults.length });
    try {
      const parsed = simulatorFaultsBody.safeParse(await readJson(req));
      if (!parsed.success)
        return send(res, 400, apiError(parsed.error.message, 'invalid_request_error', null));
      faults.push(...parsed.data.faults);
      return send(res, 200, { faults: faults.length });
    } catch {
      return send(res, 400, apiError('body must be JSON', 'invalid_request_error', null));
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://simulator').pathname;
    if (path === '/_simulator/faults' || path === '/_simulator/requests') return control(req, res);
    if (options.apiKey !== undefined && req.headers.authorization !== `Bearer ${options.apiKey}`) {
      return send(
        res,
        401,
        apiError('Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key'),
      );
    }
    if (req.method === 'POST' && path === '/v1/chat/completions') return chatCompletions(req, res);
    if (req.method === 'GET' && path === '/v1/models') {
      return send(res, 200, {
        object: 'list',
        data: [{ id: model, object: 'model', created: 0, owned_by: 'outreach' }],
      });
    }
    send(
      res,
      404,
      apiError(`Unknown request URL: ${req.method ?? ''} ${path}`, 'invalid_request_error', 'unknown_url'),
    );
  }

  return {
    model,
    requests,
    injectFaults: (...added) => void faults.push(...added),
    clearFaults: () => void (faults.length = 0),
    listen(port = 0, host = '127.0.0.1') {
      const server = createServer((req, res) => {
        handle(req, res).catch(() => send(res, 500, apiError('simulator failure', 'server_error', null)));
      });
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          const { port: bound } = server.address() as AddressInfo;
          const url = `http://${host}:${bound}`;
          resolve({
            url,
            baseURL: `${url}/v1`,
            close: () =>
              new Promise<void>((done) => {
                server.closeAllConnections();
                server.close(() => done());
              }),
          });
        });
      });
    },
  };
}
