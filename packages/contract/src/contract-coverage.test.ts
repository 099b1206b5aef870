/**
 * Guards the completeness of openapi.yaml: every endpoint of the product spec and of the design
 * decisions is there, with the errors, security, examples and headers each one needs.
 */
import { EVENT_TYPES, isPermission } from '@outreach/domain';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from './openapi-document.js';
import { asObject, listOperations, resolve, type JsonObject } from './testing/document-walk.js';

/** Every method and path of the v1 interface. */
const ENDPOINTS = [
  'POST /v1/campaigns',
  'GET /v1/campaigns',
  'GET /v1/campaigns/{id}',
  'PATCH /v1/campaigns/{id}',
  'PUT /v1/campaigns/{campaignId}/pause',
  'PUT /v1/campaigns/{campaignId}/start',
  'POST /v1/campaigns/{campaignId}/senders',
  'GET /v1/campaigns/{campaignId}/leads',
  'POST /v1/campaigns/{campaignId}/leads',
  'DELETE /v1/campaigns/{campaignId}/leads',
  'GET /v1/campaigns/{campaignId}/leads/export',
  'GET /v1/campaigns/{id}/sequence',
  'GET /v1/campaigns/{campaignId}/analytics',
  'GET /v1/campaigns/{campaignId}/blocked-leads',
  'POST /v1/campaigns/{campaignId}/blocked-leads',
  'DELETE /v1/campaigns/{campaignId}/blocked-leads',
  'POST /v1/campaigns/{id}/steps',
  'PUT /v1/campaigns/{id}/steps/{stepId}',
  'DELETE /v1/campaigns/{id}/steps/{stepId}',
  'POST /v1/campaigns/{id}/steps/{stepId}/variants',
  'PUT /v1/campaigns/{id}/steps/{stepId}/variants/{variantId}',
  'DELETE /v1/campaigns/{id}/steps/{stepId}/variants/{variantId}',
  'GET /v1/ai-tools',
  'PUT /v1/leads/{leadId}/status',
  'POST /v1/leads/{leadId}/tags',
  'POST /v1/lead-files',
  'GET /v1/lead-files/{id}',
  'POST /v1/campaigns/{campaignId}/lead-imports',
  'GET /v1/campaigns/{campaignId}/lead-imports',
  'GET /v1/lead-imports/{importId}',
  'POST /v1/lead-imports/{importId}/cancel',
  'GET /v1/lead-imports/{importId}/report',
  'GET /v1/accounts/{accountId}/lead-lists',
  'GET /v1/accounts/{accountId}/search-parameters',
  'GET /v1/blocked-leads',
  'POST /v1/blocked-leads',
  'DELETE /v1/blocked-leads',
  'GET /v1/accounts',
  'POST /v1/accounts',
  'GET /v1/accounts/{accountId}',
  'GET /v1/accounts/{accountId}/limits',
  'PATCH /v1/accounts/{accountId}/limits',
  'POST /v1/accounts/{accountId}/acceptance-guard/resume',
  'GET /v1/workspace/invitation-settings',
  'PATCH /v1/workspace/invitation-settings',
  'POST /v1/accounts/{accountId}/reconnect',
  'POST /v1/accounts/connect',
  'POST /provider-webhooks/unipile',
  'POST /provider-webhooks/unipile/accounts',
  'GET /v1/conversations',
  'GET /v1/conversations/{conversationUrn}',
  'POST /v1/conversations/{conversationUrn}/mark-read',
  'POST /v1/conversations/{conversationUrn}/messages',
  'GET /v1/analytics',
  'POST /v1/hooks/subscribe',
  'GET /v1/hooks',
  'DELETE /v1/hooks/unsubscribe',
  'GET /v1/hooks/perform-list',
  'GET /v1/hooks/{id}/deliveries',
  'POST /v1/hooks/{id}/recover',
  'GET /v1/hooks/deliveries/{deliveryId}',
  'POST /v1/hooks/deliveries/{deliveryId}/retry',
  'GET /v1/me',
  'POST /v1/workspaces',
  'GET /v1/agencies/{agencyId}/members',
  'PUT /v1/agencies/{agencyId}/members/{userId}',
  'DELETE /v1/agencies/{agencyId}/members/{userId}',
  'DELETE /v1/workspace',
  'GET /v1/members',
  'PATCH /v1/members/{userId}',
  'DELETE /v1/members/{userId}',
  'POST /v1/invitations',
  'GET /v1/invitations',
  'DELETE /v1/invitations/{invitationId}',
  'POST /v1/invitations/{invitationId}/resend',
  'POST /v1/invitation-links/preview',
  'POST /v1/invitation-links/accept',
  'GET /v1/setup',
  'POST /v1/setup',
  'POST /v1/api-keys',
  'GET /v1/api-keys',
  'DELETE /v1/api-keys/{apiKeyId}',
  'GET /v1/sessions',
  'DELETE /v1/sessions/{sessionId}',
  'GET /v1/audit-log',
  'GET /healthz',
  'GET /readyz',
  'GET /v1/openapi.json',
  'GET /docs',
];

/** Reached by a person's session only (no workspace, no key). */
const SESSION_ONLY_ENDPOINTS = [
  'GET /v1/sessions',
  'DELETE /v1/sessions/{sessionId}',
  'POST /v1/workspaces',
  'GET /v1/agencies/{agencyId}/members',
  'PUT /v1/agencies/{agencyId}/members/{userId}',
  'DELETE /v1/agencies/{agencyId}/members/{userId}',
];

const PUBLIC_ENDPOINTS = [
  'GET /healthz',
  'GET /readyz',
  'GET /v1/openapi.json',
  'GET /docs',
  // The network provider holds no API key: its calls carry their own proof (secret header, signed state).
  'POST /provider-webhooks/unipile',
  'POST /provider-webhooks/unipile/accounts',
  // Carry their own proof: the one-time token of a setup or invitation link.
  'POST /v1/invitation-links/preview',
  'POST /v1/invitation-links/accept',
  'GET /v1/setup',
  'POST /v1/setup',
];
const COMMON_ERRORS = ['400', '401', '413', '415', '429', '500'];

const operations = listOperations().map((entry) => ({
  ...entry,
  key: `${entry.method.toUpperCase()} ${entry.path}`,
}));
const securedOperations = operations.filter((entry) => !PUBLIC_ENDPOINTS.includes(entry.key));

function jsonSchemaOf(response: JsonObject | undefined): JsonObject | undefined {
  return asObject(asObject(asObject(response?.['content'])?.['application/json'])?.['schema']);
}

function hasExample(mediaType: JsonObject | undefined): boolean {
  return (
    mediaType?.['example'] !== undefined || Object.keys(asObject(mediaType?.['examples']) ?? {}).length > 0
  );
}

describe('the endpoints of openapi.yaml', () => {
  it('include every method and path of the v1 interface, and nothing else', () => {
    expect(operations.map((entry) => entry.key).sort()).toEqual([...ENDPOINTS].sort());
  });

  it.each(operations.map((entry) => [entry.key, entry.operation] as const))(
    '%s has an operationId, a summary and a tag',
    (_key, operation) => {
      expect(operation['operationId']).toMatch(/^[a-z][A-Za-z]+$/);
      expect(operation['summary']).toEqual(expect.any(String));
      expect(operation['tags']).toEqual([expect.any(String)]);
    },
  );

  it('require a key, or a session and a workspace, everywhere but the probes, the documentation and the links', () => {
    expect(openApiDocument['security']).toEqual([{ apiKey: [] }, { sessionCookie: [], workspace: [] }]);
    expect(resolve(openApiDocument.components['securitySchemes']?.['apiKey'])).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'x-api-key',
    });
    expect(resolve(openApiDocument.components['securitySchemes']?.['workspace'])).toMatchObject({
      in: 'header',
      name: 'x-workspace-id',
    });
    for (const entry of operations) {
      const expected = PUBLIC_ENDPOINTS.includes(entry.key)
        ? []
        : SESSION_ONLY_ENDPOINTS.includes(entry.key)
          ? [{ sessionCookie: [] }]
          : entry.key === 'GET /v1/me'
            ? [{ apiKey: [] }, { sessionCookie: [] }]
            : undefined;
      expect(entry.operation['security'], entry.key).toEqual(expected);
    }
  });

  it('name the permission of every /v1 operation, public exactly where no credentials are asked', () => {
    for (const entry of operations.filter((operation) => operation.path.startsWith('/v1/'))) {
      const permission = entry.operation['x-permission'];
      expect(isPermission(permission), `${entry.key}: ${String(permission)}`).toBe(true);
      expect(permission === 'public', entry.key).toBe(PUBLIC_ENDPOINTS.includes(entry.key));
    }
  });

  it.each(securedOperations.map((entry) => [entry.key, entry.operation] as const))(
    '%s documents every error a /v1 route can answer, each with the Error body',
    (_key, operation) => {
      const responses = asObject(operation['responses']) ?? {};
      expect(Object.keys(responses)).toEqual(expect.arrayContaining(COMMON_ERRORS));
      for (const [status, response] of Object.entries(responses)) {
        if (Number(status) < 400) continue;
        expect(jsonSchemaOf(resolve(response)), status).toEqual({ $ref: '#/components/schemas/Error' });
      }
    },
  );

  it.each(operations.map((entry) => [entry.key, entry.operation] as const))(
    '%s shows an example of its request body and of every response body',
    (_key, operation) => {
      const requestBody = resolve(operation['requestBody']);
      // A JSON body, or the file itself for an upload (`text/csv`): each media type shows one.
      for (const [type, mediaType] of Object.entries(asObject(requestBody?.['content']) ?? {})) {
        expect(hasExample(asObject(mediaType)), type).toBe(true);
      }
      for (const [status, response] of Object.entries(asObject(operation['responses']) ?? {})) {
        for (const mediaType of Object.values(asObject(resolve(response)?.['content']) ?? {})) {
          expect(hasExample(asObject(mediaType)), status).toBe(true);
        }
      }
    },
  );

  it('document Retry-After and the RateLimit headers on 429', () => {
    const tooMany = resolve(openApiDocument.components['responses']?.['TooManyRequests']);
    expect(Object.keys(asObject(tooMany?.['headers']) ?? {})).toEqual(
      expect.arrayContaining(['Retry-After', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']),
    );
  });

  it.each(['/v1/blocked-leads', '/v1/campaigns/{campaignId}/blocked-leads'])(
    'GET %s returns an array with its total in X-Total-Count',
    (path) => {
      const ok = resolve(asObject(asObject(openApiDocument.paths[path]?.['get'])?.['responses'])?.['200']);
      expect(resolve(asObject(ok?.['headers'])?.['X-Total-Count'])?.['required']).toBe(true);
      expect(resolve(jsonSchemaOf(ok))?.['type']).toBe('array');
    },
  );
});

describe('the webhooks of openapi.yaml', () => {
  it('describe one delivery per event type, whose envelope carries that type', () => {
    expect(Object.keys(openApiDocument.webhooks).sort()).toEqual([...EVENT_TYPES].sort());
    for (const [type, pathItem] of Object.entries(openApiDocument.webhooks)) {
      const body = resolve(asObject(pathItem['post'])?.['requestBody']);
      const envelope = resolve(jsonSchemaOf(body));
      expect(envelope?.['required'], type).toEqual(['id', 'type', 'timestamp', 'workspaceId', 'data']);
      expect(asObject(asObject(envelope?.['properties'])?.['type'])?.['const'], type).toBe(type);
    }
  });

  it('list every envelope among the shapes perform-list may return', () => {
    const members = (asObject(openApiDocument.components['schemas']?.['WebhookEvent'])?.['oneOf'] ??
      []) as JsonObject[];
    const types = members.map(
      (member) => asObject(asObject(resolve(member)?.['properties'])?.['type'])?.['const'],
    );
    expect(types.sort()).toEqual([...EVENT_TYPES].sort());
  });
});
