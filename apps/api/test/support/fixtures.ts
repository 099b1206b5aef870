import type { Campaign, SenderAccount, StepList } from '@outreach/contract';
import type { WorkspacePlan } from '@outreach/domain';
import { ApiClient } from './api-client.js';
import type { TestApp } from './test-app.js';

export interface TestWorkspace {
  workspaceId: string;
  apiKey: string;
  api: ApiClient;
}

/** A workspace with one API key, created the way the admin CLI does it. */
export async function createWorkspace(
  app: TestApp,
  plan: WorkspacePlan = 'pro',
  name = 'Test workspace',
): Promise<TestWorkspace> {
  const workspace = await app.db.workspaces.createWorkspace({ name, plan });
  const key = await app.db.apiKeys.create(workspace.id, { name: 'test' });
  return { workspaceId: workspace.id, apiKey: key.plaintext, api: new ApiClient(app.baseUrl, key.plaintext) };
}

let accountCounter = 0;

export async function createAccount(
  api: ApiClient,
  fields: Record<string, unknown> = {},
): Promise<SenderAccount> {
  accountCounter += 1;
  const res = await api.post<SenderAccount>('/v1/accounts', {
    name: `Sender ${accountCounter}`,
    publicIdentifier: `sender-${accountCounter}-${Date.now().toString(36)}`,
    ...fields,
  });
  if (res.status !== 201) throw new Error(`account not created: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export async function createCampaign(
  api: ApiClient,
  fields: Record<string, unknown> = {},
): Promise<Campaign> {
  const res = await api.post<Campaign>('/v1/campaigns', { name: 'Q3 outreach', ...fields });
  if (res.status !== 201) throw new Error(`campaign not created: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export async function addStep(
  api: ApiClient,
  campaignId: string,
  step: Record<string, unknown>,
): Promise<StepList> {
  const res = await api.post<StepList>(`/v1/campaigns/${campaignId}/steps`, step);
  if (res.status !== 201) throw new Error(`step not added: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export async function addLeads(api: ApiClient, campaignId: string, identifiers: readonly string[]) {
  const res = await api.post<{ added: number; duplicates: number; blocked: number }>(
    `/v1/campaigns/${campaignId}/leads`,
    {
      leads: identifiers.map((publicIdentifier) => ({
        publicIdentifier,
        firstName: 'Ada',
        lastName: 'Lovelace',
      })),
    },
  );
  if (res.status !== 200) throw new Error(`leads not added: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** An id of the right shape that exists nowhere. */
export function unknownId(prefix: string): string {
  return `${prefix}_${'f'.repeat(24)}`;
}
