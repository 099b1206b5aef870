import { createServer, type Server } from 'node:http';

/** A span as the OTLP/HTTP JSON encoding carries it, with the service that sent it. */
export interface ReceivedSpan {
  service: string;
  scope: string;
  name: string;
  traceId: string;
  spanId: string;
  parentSpanId: string;
  kind: number;
  attributes: Record<string, string | number | boolean>;
  links: Array<{ traceId: string; spanId: string }>;
}

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  doubleValue?: number;
  boolValue?: boolean;
}

interface OtlpKeyValue {
  key: string;
  value?: OtlpValue;
}

interface OtlpSpan {
  name?: string;
  traceId?: string;
  spanId?: string;
  parentSpanId?: string;
  kind?: number;
  attributes?: OtlpKeyValue[];
  links?: Array<{ traceId?: string; spanId?: string }>;
}

interface OtlpExport {
  resourceSpans?: Array<{
    resource?: { attributes?: OtlpKeyValue[] };
    scopeSpans?: Array<{ scope?: { name?: string }; spans?: OtlpSpan[] }>;
  }>;
}

function valueOf(value: OtlpValue | undefined): string | number | boolean {
  if (value?.stringValue !== undefined) return value.stringValue;
  if (value?.intValue !== undefined) return Number(value.intValue);
  if (value?.doubleValue !== undefined) return value.doubleValue;
  return value?.boolValue ?? '';
}

function attributesOf(list: OtlpKeyValue[] | undefined): Record<string, string | number | boolean> {
  return Object.fromEntries((list ?? []).map((entry) => [entry.key, valueOf(entry.value)]));
}

export interface OtlpReceiver {
  /** The base URL, for `OTEL_EXPORTER_OTLP_ENDPOINT` (the exporter appends `/v1/traces`). */
  url: string;
  /** Every span received so far, in arrival order. */
  spans(): ReceivedSpan[];
  close(): Promise<void>;
}

/**
 * A local OTLP/HTTP trace receiver for tests: accepts `POST /v1/traces` with the JSON encoding
 * (what `@opentelemetry/exporter-trace-otlp-http` sends), answers 200 with an empty partial
 * success, and keeps the spans. Any other request gets 404, a protobuf body 415.
 */
export function startOtlpReceiver(): Promise<OtlpReceiver> {
  const received: ReceivedSpan[] = [];
  const server: Server = createServer((request, response) => {
    if (request.method !== 'POST' || request.url !== '/v1/traces') {
      response.writeHead(404).end();
      return;
    }
    if (!(request.headers['content-type'] ?? '').includes('json')) {
      response.writeHead(415).end();
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpExport;
      for (const resourceSpans of body.resourceSpans ?? []) {
        const service = String(attributesOf(resourceSpans.resource?.attributes)['service.name'] ?? '');
        for (const scopeSpans of resourceSpans.scopeSpans ?? []) {
          for (const span of scopeSpans.spans ?? []) {
            received.push({
              service,
              scope: scopeSpans.scope?.name ?? '',
              name: span.name ?? '',
              traceId: span.traceId ?? '',
              spanId: span.spanId ?? '',
              parentSpanId: span.parentSpanId ?? '',
              kind: span.kind ?? 0,
              attributes: attributesOf(span.attributes),
              links: (span.links ?? []).map((link) => ({
                traceId: link.traceId ?? '',
                spanId: link.spanId ?? '',
              })),
            });
          }
        }
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{}');
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      resolve({
        url: `http://127.0.0.1:${port}`,
        spans: () => [...received],
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}
