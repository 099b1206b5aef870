import { describe, expect, it } from 'vitest';
import { asObject, listOperations, resolve } from './document-walk.js';
import { ContractMismatchError, expectMatchesContract, validateResponse } from './index.js';

const campaign = {
  id: 'cmp_6650b3c8e52d0f9a3b4c6d31',
  name: 'Q3 fintech founders',
  status: 'draft',
  progress: 0,
  createdAt: '2025-06-02T08:30:00.000Z',
  settings: {
    timezone: 'UTC',
    workingHours: { start: '09:00', end: '18:00', days: [1, 2, 3, 4, 5] },
    invitationTimeoutDays: 21,
  },
  coreVariables: {
    firstName: true,
    lastName: true,
    name: true,
    companyName: true,
    headline: true,
    website: true,
    email: true,
    phone: true,
  },
  customVariables: {},
  networkAccounts: [],
  analytics: { acceptanceRate: 0, responseRate: 0, totalLeads: 0 },
};

/** Every response example of the document, as a response the service could give. */
const documentedExamples = listOperations().flatMap(({ path, method, operation }) =>
  Object.entries(asObject(operation['responses']) ?? {}).flatMap(([status, response]) => {
    const mediaType = asObject(asObject(resolve(response)?.['content'])?.['application/json']);
    if (mediaType === undefined || !/^\d+$/.test(status)) return [];
    const named = Object.values(asObject(mediaType['examples']) ?? {}).map(
      (example) => resolve(example)?.['value'],
    );
    const bodies = mediaType['example'] === undefined ? named : [mediaType['example'], ...named];
    return bodies.map((body) => ({ method, path, status: Number(status), body }));
  }),
);

describe('validateResponse', () => {
  it.each(
    documentedExamples.map((example) => [`${example.method} ${example.path} ${example.status}`, example]),
  )('accepts the documented example of %s', (_label, example) => {
    expect(validateResponse(example)).toEqual([]);
  });

  it('accepts a concrete path with its query string', () => {
    expect(
      validateResponse({ method: 'post', path: '/v1/campaigns?x=1', status: 201, body: campaign }),
    ).toEqual([]);
  });

  it('reports a status the operation does not document', () => {
    expect(validateResponse({ method: 'GET', path: '/v1/campaigns/cmp_1', status: 418, body: {} })).toEqual([
      'GET /v1/campaigns/{id} 418: status not documented (documented: 200, 400, 401, 404, 413, 415, 429, 500, 503)',
    ]);
  });

  it('reports unknown paths and methods', () => {
    expect(validateResponse({ method: 'GET', path: '/v1/nothing', status: 200 })).toEqual([
      'GET /v1/nothing 200: no path of the contract matches /v1/nothing',
    ]);
    expect(validateResponse({ method: 'DELETE', path: '/v1/campaigns', status: 200 })).toEqual([
      'DELETE /v1/campaigns 200: the contract has no DELETE on /v1/campaigns',
    ]);
  });

  it('reports a body that departs from the schema, field by field', () => {
    const body = {
      ...campaign,
      status: 'running',
      _id: 'x',
      analytics: { ...campaign.analytics, responseRate: 2 },
    };
    delete (body as Partial<typeof body>).name;
    expect(validateResponse({ method: 'POST', path: '/v1/campaigns', status: 201, body })).toEqual([
      "POST /v1/campaigns 201 body: (root) lacks required property 'name'",
      "POST /v1/campaigns 201 body: (root) has unknown property '_id'",
      'POST /v1/campaigns 201 body: /status must be one of active, paused, completed, error, draft',
      'POST /v1/campaigns 201 body: /analytics/responseRate must be <= 1',
    ]);
  });

  it('checks error bodies against the Error schema', () => {
    const problems = validateResponse({
      method: 'GET',
      path: '/v1/campaigns',
      status: 401,
      body: { error: 'no key' },
    });
    expect(problems).toContain("GET /v1/campaigns 401 body: (root) lacks required property 'statusCode'");
  });

  it('checks documented headers when they are given', () => {
    const blocks = { method: 'GET', path: '/v1/blocked-leads', status: 200, body: [] };
    expect(validateResponse({ ...blocks, headers: { 'x-total-count': '0' } })).toEqual([]);
    expect(validateResponse({ ...blocks, headers: new Headers({ 'X-Total-Count': '12' }) })).toEqual([]);
    expect(validateResponse({ ...blocks, headers: {} })).toEqual([
      'GET /v1/blocked-leads 200 header X-Total-Count: missing',
    ]);
    expect(validateResponse({ ...blocks, headers: { 'X-Total-Count': 'many' } })).toEqual([
      'GET /v1/blocked-leads 200 header X-Total-Count: (root) must be integer',
    ]);
  });

  it('asks the rate-limit headers of a 429', () => {
    const problems = validateResponse({
      method: 'GET',
      path: '/v1/accounts',
      status: 429,
      body: { statusCode: 429, message: 'Too many requests' },
      headers: { 'retry-after': '3' },
    });
    expect(problems).toEqual([
      'GET /v1/accounts 429 header RateLimit-Limit: missing',
      'GET /v1/accounts 429 header RateLimit-Remaining: missing',
      'GET /v1/accounts 429 header RateLimit-Reset: missing',
    ]);
  });
});

describe('expectMatchesContract', () => {
  it('passes a matching response and throws the list of problems otherwise', () => {
    expect(() =>
      expectMatchesContract({ method: 'GET', path: '/healthz', status: 200, body: { status: 'ok' } }),
    ).not.toThrow();
    const mismatch = () =>
      expectMatchesContract({ method: 'GET', path: '/healthz', status: 200, body: { status: 'up' } });
    expect(mismatch).toThrow(ContractMismatchError);
    expect(mismatch).toThrow(
      /Response does not match the contract:\n {2}- GET \/healthz 200 body: \/status must be equal to constant/,
    );
  });
});
