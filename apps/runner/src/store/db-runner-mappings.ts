import type { Campaign, Lead, MessagePlan as DbMessagePlan, NewAction, SenderAccount } from '@outreach/db';
import type { ExecutedAction } from './activity-store.port.js';
import type { MessagePlan, RunnerAccount, RunnerCampaign, RunnerLead } from './runner-store.port.js';

/* The runner's store types and the data layer's, one into the other. */

/** The data layer's form of an executed action. */
export function newAction(action: ExecutedAction): NewAction {
  return {
    campaignId: action.campaignId,
    leadId: action.leadId,
    accountId: action.accountId,
    stepId: action.stepId,
    variantId: action.variantId,
    type: action.type,
    idempotencyKey: action.idempotencyKey,
    occurredAt: action.at,
    ...(action.sentMessage === undefined ? {} : { sentMessage: action.sentMessage }),
  };
}

export function toDbPlan(plan: MessagePlan): DbMessagePlan {
  return { stepId: plan.stepId, choice: plan.choice, icpDecisions: { ...plan.icpDecisions } };
}

export function toRunnerCampaign(campaign: Campaign): RunnerCampaign {
  return {
    id: campaign.id,
    workspaceId: campaign.workspaceId,
    name: campaign.name,
    status: campaign.status,
    settings: campaign.settings,
    coreVariables: campaign.coreVariables,
    customVariables: campaign.customVariables,
    networkAccounts: campaign.networkAccounts,
    steps: campaign.steps.map((step) => ({ ...step, variants: step.variants ?? [] })),
    activation: campaign.activation,
    leadsGeneration: campaign.leadsGeneration,
    startTraceparent: campaign.startTraceparent,
  };
}

export function toRunnerLead(lead: Lead): RunnerLead {
  return lead;
}

export function toRunnerAccount(account: SenderAccount): RunnerAccount {
  return account;
}
