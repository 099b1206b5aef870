/** The simulator speaks the official wire format, so any OpenAI-compatible client can use it. */
import { describe, expect, it } from 'vitest';
import { API_KEY, useSimulator } from './simulated-model.harness.js';

const h = useSimulator();

async function call(path: string, init: RequestInit = {}) {
  const res = await fetch(`${h.running.url}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json', ...init.headers },
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
}

const completionBody = (reply: string) =>
  JSON.stringify({
    model: 'any',
    messages: [{ role: 'user', content: JSON.stringify({ reply }) }],
    response_format: {
      type: 'json_schema',
      json_schema: { name: 'reply_analysis', schema: {}, strict: true },
    },
  });

describe('LLM simulator', () => {
  it('answers in the official chat.completion shape, the same way for the same prompt', async () => {
    const first = await call('/v1/chat/completions', {
      method: 'POST',
      body: completionBody('Booked for Tuesday'),
    });
    const second = await call('/v1/chat/completions', {
      method: 'POST',
      body: completionBody('Booked for Tuesday'),
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      object: 'chat.completion',
      model: h.simulator.model,
      choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', refusal: null } }],
      usage: { total_tokens: expect.any(Number) },
    });
    const content = (body: Record<string, unknown>) =>
      (body.choices as Array<{ message: { content: string } }>)[0]?.message.content;
    expect(JSON.parse(content(first.body) ?? '')).toMatchObject({ label: 'meeting_booked' });
    expect(content(second.body)).toBe(content(first.body));
    expect(second.body.id).not.toBe(first.body.id);
  });

  it('lists its model', async () => {
    const models = await call('/v1/models');
    expect(models.body).toEqual({
      object: 'list',
      data: [{ id: h.simulator.model, object: 'model', created: 0, owned_by: 'outreach' }],
    });
  });

  it('takes faults over HTTP and plays them on the next requests in order', async () => {
    const queued = await call('/_simulator/faults', {
      method: 'POST',
      body: JSON.stringify({
        faults: [
          { kind: 'rate_limit', retryAfterSeconds: 3 },
          { kind: 'server_error', status: 502 },
        ],
      }),
    });
    expect(queued.body).toEqual({ faults: 2 });
    const limited = await call('/v1/chat/completions', { method: 'POST', body: completionBody('yes') });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('3');
    expect(limited.body).toMatchObject({ error: { code: 'rate_limit_exceeded' } });
    expect((await call('/v1/chat/completions', { method: 'POST', body: completionBody('yes') })).status).toBe(
      502,
    );
    expect((await call('/v1/chat/completions', { method: 'POST', body: completionBody('yes') })).status).toBe(
      200,
    );
  });

  it('answers bad requests in the official error shape', async () => {
    const badFault = await call('/_simulator/faults', {
      method: 'POST',
      body: JSON.stringify({ faults: [{ kind: 'meteor' }] }),
    });
    expect(badFault.status).toBe(400);
    expect((await call('/v1/chat/completions', { method: 'POST', body: '{' })).status).toBe(400);
    expect((await call('/v1/chat/completions', { method: 'POST', body: '{}' })).body).toMatchObject({
      error: { type: 'invalid_request_error' },
    });
    expect((await call('/v1/models', { headers: { authorization: 'Bearer nope' } })).status).toBe(401);
    expect((await call('/v1/embeddings', { method: 'POST', body: '{}' })).status).toBe(404);
  });
});
