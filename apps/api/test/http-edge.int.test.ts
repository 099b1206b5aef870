/**
 * The edge of the HTTP server, below and around the routes: what Node's parser refuses, OPTIONS,
 * requests that never finish arriving, very long lists of problems, and the security headers. Every
 * answer is JSON in the error shape; none holds a connection for long.
 */
import { describe, expect, it } from 'vitest';
import { rawRequest, type RawAnswer } from './support/raw-http.js';
import { createWorkspace, useWorkspace } from './support/fixtures.js';
import { startTestApp, useTestApp } from './support/test-app.js';

const app = useTestApp();
const workspace = useWorkspace(app);

const portOf = (baseUrl: string): number => Number(new URL(baseUrl).port);

function expectJsonError(answer: RawAnswer, statusCode: number, code: string): void {
  expect(answer.status).toBe(statusCode);
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  expect(JSON.parse(answer.body)).toEqual({ statusCode, message: expect.any(String), code });
  expect(answer.headers['x-content-type-options']).toBe('nosniff');
  // Answers written before Express carry a request id like every other answer.
  expect(answer.headers['x-request-id']).toMatch(/^[A-Za-z0-9._:-]{8,128}$/);
}

describe("what Node's HTTP parser refuses, answered with a request id", () => {
  it('answers bad bytes in the path with a JSON 400', async () => {
    const answer = await rawRequest(
      portOf(app.baseUrl),
      'GET /v1/cam\u0001paigns HTTP/1.1\r\nHost: x\r\n\r\n',
    );
    expectJsonError(answer, 400, 'malformed_request');
  });

  it('answers bad bytes in a header with a JSON 400', async () => {
    const answer = await rawRequest(
      portOf(app.baseUrl),
      'GET /v1/campaigns HTTP/1.1\r\nHost: x\r\nX-Api-Key: a\u0000b\r\n\r\n',
    );
    expectJsonError(answer, 400, 'malformed_request');
  });

  it('answers headers over 16 KiB with a JSON 431', async () => {
    const answer = await rawRequest(
      portOf(app.baseUrl),
      `GET /v1/campaigns HTTP/1.1\r\nHost: x\r\nX-Padding: ${'a'.repeat(17 * 1024)}\r\n\r\n`,
    );
    expectJsonError(answer, 431, 'headers_too_large');
  });
});

describe('OPTIONS', () => {
  it('answers a documented path with 204 and the methods it allows', async () => {
    const res = await fetch(`${app.baseUrl}/v1/campaigns/cmp_1`, { method: 'OPTIONS' });
    expect(res.status).toBe(204);
    expect(res.headers.get('allow')).toBe('GET, PATCH, HEAD, OPTIONS');
    expect(await res.text()).toBe('');
  });

  it('answers any other path with a 404 in the error shape', async () => {
    const res = await fetch(`${app.baseUrl}/nowhere`, { method: 'OPTIONS' });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ statusCode: 404, message: expect.any(String), code: 'not_found' });
  });
});

describe('requests that never finish arriving, answered with a request id', () => {
  it('cuts a body that never completes with a JSON 408 once the request deadline passes', async () => {
    const impatient = await startTestApp({ requestTimeoutMs: 1_000, headersTimeoutMs: 1_000 });
    try {
      const { apiKey } = await createWorkspace(impatient);
      const answer = await rawRequest(
        portOf(impatient.baseUrl),
        `POST /v1/campaigns HTTP/1.1\r\nHost: x\r\nX-Api-Key: ${apiKey}\r\nX-Request-Id: slow-body-1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"name":`,
        true,
      );
      expectJsonError(answer, 408, 'request_timeout');
      // Its headers were read: the answer keeps the id the request came with.
      expect(answer.headers['x-request-id']).toBe('slow-body-1');
    } finally {
      await impatient.close();
    }
  });

  it('cuts headers that never complete with a JSON 408', async () => {
    const impatient = await startTestApp({ requestTimeoutMs: 1_000, headersTimeoutMs: 1_000 });
    try {
      const answer = await rawRequest(
        portOf(impatient.baseUrl),
        'GET /v1/campaigns HTTP/1.1\r\nHost: x\r\n',
        true,
      );
      expectJsonError(answer, 408, 'request_timeout');
    } finally {
      await impatient.close();
    }
  });
});

describe('long lists of problems', () => {
  it('lists at most 20 problems in a 400 and counts the rest in the message', async () => {
    const body = Object.fromEntries(Array.from({ length: 60_000 }, (_, i) => [`k${i}`, 1]));
    const res = await fetch(`${app.baseUrl}/v1/campaigns`, {
      method: 'POST',
      headers: { 'x-api-key': workspace.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x', ...body }),
    });
    const text = await res.text();
    expect(res.status).toBe(400);
    const parsed = JSON.parse(text) as { details: unknown[]; message: string };
    expect(parsed.details).toHaveLength(20);
    expect(parsed.message).toMatch(/and 59997 more/);
    expect(text.length).toBeLessThan(5_000);
  });
});

describe('security headers', () => {
  it('sends nosniff and refuses framing on the API, the docs, the probes and errors', async () => {
    const answers = [
      await fetch(`${app.baseUrl}/v1/campaigns`, { headers: { 'x-api-key': workspace.apiKey } }),
      await fetch(`${app.baseUrl}/docs/`),
      await fetch(`${app.baseUrl}/healthz`),
      await fetch(`${app.baseUrl}/v1/campaigns`),
      await fetch(`${app.baseUrl}/nowhere`),
    ];
    for (const res of answers) {
      expect(res.headers.get('x-content-type-options'), res.url).toBe('nosniff');
      expect(res.headers.get('x-frame-options'), res.url).toBe('DENY');
      expect(res.headers.get('content-security-policy'), res.url).toBe("frame-ancestors 'none'");
      await res.arrayBuffer();
    }
  });
});
