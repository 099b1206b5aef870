import type { WorkspacePlan } from '@outreach/domain';
import type { WorkspaceId } from '../common/public-ids.js';
import { newId } from '../common/public-ids.js';
import type { StepInput } from '../campaign/campaign-input.js';
import type { Db } from '../db.js';
import type { NewLead } from '../lead/lead.repository.js';

export async function newWorkspace(db: Db, plan: WorkspacePlan = 'pro'): Promise<WorkspaceId> {
  const workspace = await db.workspaces.createWorkspace({ name: `workspace ${newId('workspace')}`, plan });
  return workspace.id;
}

/** `count` distinct leads named `<prefix>-<n>`. */
export function leadInputs(count: number, prefix = 'person'): NewLead[] {
  return Array.from({ length: count }, (_, n) => ({
    publicIdentifier: `${prefix}-${n}`,
    firstName: `First${n}`,
    lastName: `Last${n}`,
  }));
}

export function step(type: StepInput['type'], overrides: Partial<StepInput> = {}): StepInput {
  const variants =
    type === 'message' || type === 'screener'
      ? [{ id: newId('variant'), body: '', order: 0, isDisabled: false, icpDefinitionRaw: null, aiTools: [] }]
      : [];
  return { id: newId('step'), type, delay: 0, stopOnReply: true, genericBody: null, variants, ...overrides };
}

/** A campaign with the given steps and leads, in the given status. */
export async function seedCampaign(
  db: Db,
  workspaceId: WorkspaceId,
  options: { steps?: StepInput[]; leads?: number; status?: 'draft' | 'active' } = {},
) {
  const created = await db.campaigns.create(workspaceId, { name: `campaign ${newId('campaign')}` });
  const campaign = await db.campaigns.replaceSequence(workspaceId, created.id, {
    expectedVersion: created.version,
    steps: options.steps ?? [step('invitation'), step('message')],
  });
  const { leads } = await db.leads.addMany(workspaceId, campaign.id, leadInputs(options.leads ?? 0));
  if (options.status === 'active') {
    return {
      campaign: await db.campaigns.transitionStatus(workspaceId, campaign.id, {
        from: ['draft'],
        to: 'active',
      }),
      leads,
    };
  }
  return { campaign, leads };
}
