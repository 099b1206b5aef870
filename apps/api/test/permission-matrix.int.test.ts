/**
 * The role table, end to end: every `/v1` operation of the OpenAPI document is called by every
 * kind of caller (the owner, an admin, a member and a client signed in to the workspace, a person
 * of another workspace naming this one, and API keys of each role), with a request built from the
 * document, and the answer is checked against `can` of the domain's role table:
 * - allowed: neither 401 nor 403 (a 404 for a record that does not exist is fine);
 * - refused: exactly 403 with `code: 'forbidden'`;
 * - a person who is no member of the workspace: 404, as if it did not exist;
 * - public operations: no 401 or 403 for anyone (cookie requests send the app's Origin).
 * No caller may get a 5xx. Destructive operations target records that do not exist (members,
 * keys, sessions), so no row changes who the next rows' callers are.
 */
import { openApiDocument } from '@outreach/contract';
import { asObject, listOperations, resolve, type DocumentOperation } from '@outreach/contract/testing';
import { can, isWorkspacePermission, type Permission, type WorkspaceRole } from '@outreach/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addLeads,
  createAccount,
  createCampaignWithSteps,
  createWorkspace,
  seedConversation,
  unknownId,
  type TestWorkspace,
} from './support/fixtures.js';
import { addPerson, call, createKey, invite, setupOwner, type Caller } from './support/people.js';
import { useTestApp } from './support/test-app.js';

interface MatrixCaller {
  name: string;
  caller: Caller;
  /** The role in the workspace under test; null: a person of another workspace. */
  role: WorkspaceRole | null;
  kind: 'person' | 'key';
}

const app = useTestApp();
const callers: MatrixCaller[] = [];
const ids = new Map<string, string>();
let workspace: TestWorkspace;

/** In document order, deletions last, so the records they remove serve every other row first. */
const operations = listOperations()
  .filter((entry) => entry.path.startsWith('/v1/'))
  .sort((a, b) => Number(a.method === 'delete') - Number(b.method === 'delete'));

beforeAll(async () => {
  workspace = await createWorkspace(app, 'agency', 'Matrix workspace');
  const owner = await setupOwner(app);
  const inWorkspace = (cookie: string): Caller => ({ cookie, workspaceId: workspace.workspaceId });
  const ownerCaller = inWorkspace(owner.cookie);
  // Made after setup, so it belongs to no agency: the owner of the first one is no member here.
  const other = await createWorkspace(app, 'pro', 'Other workspace');
  const outsider = await addPerson(app, { apiKey: other.apiKey }, 'member');

  callers.push({ name: 'owner', caller: ownerCaller, role: 'owner', kind: 'person' });
  for (const role of ['admin', 'member', 'client'] as const) {
    const person = await addPerson(app, ownerCaller, role);
    callers.push({ name: role, caller: inWorkspace(person.cookie), role, kind: 'person' });
  }
  callers.push({ name: 'other workspace', caller: inWorkspace(outsider.cookie), role: null, kind: 'person' });
  for (const role of ['admin', 'member', 'client'] as const) {
    const apiKey = await createKey(app, ownerCaller, role);
    callers.push({ name: `${role} key`, caller: { apiKey }, role, kind: 'key' });
  }

  const account = await createAccount(workspace.api);
  const { campaign, steps } = await createCampaignWithSteps(workspace.api, ['invitation', 'message']);
  await addLeads(workspace.api, campaign.id, ['matrix-ada', 'matrix-grace']);
  const leads = await workspace.api.get<{ leads: Array<{ id: string }> }>(
    `/v1/campaigns/${campaign.id}/leads`,
  );
  const lead = leads.body.leads[0];
  const message = steps.find((step) => step.type === 'message');
  const conversation = await seedConversation(app.db, workspace.workspaceId, {
    leadId: lead?.id ?? '',
    campaignId: campaign.id,
    accountId: account.id,
  });
  const invitation = await invite(app, { apiKey: workspace.apiKey }, 'member');
  const me = await call<{ agencies: Array<{ id: string }> }>(app, { cookie: owner.cookie }, 'GET', '/v1/me');
  for (const [name, value] of [
    ['id', campaign.id],
    ['campaignId', campaign.id],
    ['stepId', message?.id],
    ['variantId', message?.variants?.[0]?.id],
    ['leadId', lead?.id],
    ['accountId', account.id],
    ['conversationUrn', conversation.conversationUrn],
    ['invitationId', invitation.id],
    ['agencyId', me.body.agencies[0]?.id],
  ] as const) {
    if (value !== undefined) ids.set(name, value);
  }
}, 60_000);

/** Path parameters: real records where cheap; members, keys, sessions, hooks that do not exist. */
function paramValue(path: string, name: string): string {
  if (path.startsWith('/v1/hooks/')) return name === 'deliveryId' ? unknownId('dlv') : unknownId('sub');
  if (name === 'userId') return 'no-such-user-000000000000';
  if (name === 'apiKeyId') return unknownId('key');
  if (name === 'sessionId') return 'no-such-session-0000000000';
  // An import that does not exist: creating one reads the network, which this matrix has none of.
  if (name === 'importId') return unknownId('imp');
  const value = ids.get(name);
  if (value === undefined) throw new Error(`no value for path parameter ${name} of ${path}`);
  return value;
}

function exampleOf(mediaType: Record<string, unknown> | undefined): unknown {
  if (mediaType === undefined) return undefined;
  if (mediaType['example'] !== undefined) return mediaType['example'];
  const [first] = Object.values(asObject(mediaType['examples']) ?? {});
  return resolve(first)?.['value'];
}

/** The request the document describes: its path filled in, required query values, its example body. */
function requestOf(entry: DocumentOperation): { target: string; body: unknown } {
  let target = entry.path.replace(/\{(\w+)\}/g, (_match, name: string) =>
    encodeURIComponent(paramValue(entry.path, name)),
  );
  const query = new URLSearchParams();
  for (const parameter of entry.parameters) {
    if (parameter['in'] !== 'query' || parameter['required'] !== true) continue;
    const schema = resolve(parameter['schema']);
    const enumValues = schema?.['enum'];
    const value = parameter['example'] ?? (Array.isArray(enumValues) ? enumValues[0] : schema?.['example']);
    query.set(String(parameter['name']), String(value));
  }
  if ([...query.keys()].length > 0) target += `?${query.toString()}`;
  const requestBody = resolve(entry.operation['requestBody']);
  if (requestBody === undefined) return { target, body: undefined };
  const json = asObject(asObject(requestBody['content'])?.['application/json']);
  return { target, body: exampleOf(json) ?? {} };
}

/** Whether the document lets an API key call the operation (its own `security`, else the global one). */
function acceptsKeys(entry: DocumentOperation): boolean {
  const security = (entry.operation['security'] ?? openApiDocument['security']) as unknown[];
  return security.some((requirement) => asObject(requirement)?.['apiKey'] !== undefined);
}

type Expectation = 'allowed' | 'refused' | 'not_found' | 'person_only' | 'agency_admin_only';

function expectationOf(entry: DocumentOperation, permission: Permission, who: MatrixCaller): Expectation {
  if (permission === 'public') return 'allowed';
  if (permission === 'signed_in') {
    if (who.kind === 'key' && !acceptsKeys(entry)) return 'person_only';
    // A workspace is made in an agency: only its owners and admins may (here, the first owner).
    if (entry.method === 'post' && entry.path === '/v1/workspaces' && who.role !== 'owner')
      return 'agency_admin_only';
    return 'allowed';
  }
  if (!isWorkspacePermission(permission)) throw new Error(`unknown permission ${String(permission)}`);
  if (who.role === null) return 'not_found';
  return can(who.role, permission) ? 'allowed' : 'refused';
}

function problemOf(expected: Expectation, status: number, code: unknown): string | null {
  if (status >= 500) return `answered ${status}`;
  switch (expected) {
    case 'allowed':
      return status === 401 || status === 403 ? `allowed, yet answered ${status} ${String(code)}` : null;
    case 'refused':
      return status === 403 && code === 'forbidden'
        ? null
        : `refused, yet answered ${status} ${String(code)}`;
    case 'not_found':
      return status === 404 ? null : `not a member, yet answered ${status} ${String(code)}`;
    case 'agency_admin_only':
      return status === 403 && code === 'agency_role_required'
        ? null
        : `not an agency owner or admin, answered ${status} ${String(code)}`;
    case 'person_only':
      // A key on an operation of a person's own sessions: refused with its own code.
      return status === 403 && code === 'person_required'
        ? null
        : `key on a person-only operation, answered ${status} ${String(code)}`;
  }
}

describe('the permission matrix', () => {
  it('answers every /v1 operation to every caller as the role table says', async () => {
    const mismatches: string[] = [];
    const covered = new Set<string>();
    let requests = 0;
    for (const entry of operations) {
      const permission = entry.operation['x-permission'] as Permission;
      const method = entry.method.toUpperCase();
      const { target, body } = requestOf(entry);
      for (const who of callers) {
        const res = await call(app, who.caller, method, target, body === undefined ? {} : { json: body });
        requests += 1;
        const code = (res.body as { code?: unknown } | undefined)?.code;
        const problem = problemOf(expectationOf(entry, permission, who), res.status, code);
        if (problem) mismatches.push(`${method} ${target} [${permission}] as ${who.name}: ${problem}`);
      }
      covered.add(`${method} ${entry.path}`);
    }
    expect(mismatches).toEqual([]);
    expect(covered.size).toBe(operations.length);
    expect(requests).toBe(operations.length * callers.length);
    expect(callers).toHaveLength(8);
  }, 120_000);

  it('covers every operation the document has under /v1', () => {
    const all = Object.entries(openApiDocument.paths).flatMap(([path, item]) =>
      ['get', 'put', 'post', 'delete', 'patch'].filter((method) => method in item).map(() => path),
    );
    expect(operations.length).toBe(all.filter((path) => path.startsWith('/v1/')).length);
    expect(operations.length).toBeGreaterThan(60);
  });
});
