import type { Campaign, SenderAccount, StepList } from '@outreach/contract';
import { asWorkspaceId, type Conversation, type Db, type IncomingOrSentMessage } from '@outreach/db';
import type { StepType, WorkspacePlan } from '@outreach/domain';
import { beforeAll } from 'vitest';
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

/**
 * A workspace (as `createWorkspace` makes it) for the tests of the enclosing file or `describe`
 * block, created before them on `app` (register `useTestApp` first). The object is filled in by
 * then, so read it inside hooks and tests only.
 */
export function useWorkspace(app: TestApp, plan?: WorkspacePlan, name?: string): TestWorkspace {
  const workspace = {} as TestWorkspace;
  beforeAll(async () => {
    Object.assign(workspace, await createWorkspace(app, plan, name));
  });
  return workspace;
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

/**
 * A campaign (`createCampaign` with `fields`) and its sequence: each step is added at the next
 * position, given as its type alone or with more of its fields. Answers the campaign and the steps.
 */
export async function createCampaignWithSteps(
  api: ApiClient,
  sequence: ReadonlyArray<StepType | { type: StepType; [field: string]: unknown }>,
  fields: Record<string, unknown> = {},
): Promise<{ campaign: Campaign; steps: StepList['steps'] }> {
  const campaign = await createCampaign(api, fields);
  let steps: StepList['steps'] = [];
  for (const [order, step] of sequence.entries()) {
    ({ steps } = await addStep(api, campaign.id, {
      order,
      ...(typeof step === 'string' ? { type: step } : step),
    }));
  }
  return { campaign, steps };
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

/**
 * A lead's conversation with a sender account, opened the way the runner opens it (the API has no
 * route that creates one), with `messages` appended in order.
 */
export async function seedConversation(
  db: Db,
  workspaceId: string,
  between: { leadId: string; campaignId: string; accountId: string },
  messages: readonly IncomingOrSentMessage[] = [],
): Promise<Conversation> {
  const workspace = asWorkspaceId(workspaceId);
  const conversation = await db.conversations.getOrCreateForLead(workspace, between);
  for (const message of messages) await db.messages.append(workspace, conversation.id, message);
  return conversation;
}

/** An id of the right shape that exists nowhere. */
export function unknownId(prefix: string): string {
  return `${prefix}_${'f'.repeat(24)}`;
}
