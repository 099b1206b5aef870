/**
 * The zod schemas of every operation, by `operationId`, so a route can look up what to parse.
 * `ContractCheck` below makes `tsc` fail when any schema's input type differs from the type
 * generated from `openapi.yaml`, or when an operation is missing or has a part the document lacks.
 */
import type { OperationId } from '../api-types.js';
import * as account from './account.schema.js';
import * as aiTool from './ai-tool.schema.js';
import * as analytics from './analytics.schema.js';
import * as blockList from './block-list.schema.js';
import * as campaign from './campaign.schema.js';
import type { AssertNoMismatch, ContractMismatches, OperationSchemas } from './contract-equality.js';
import * as conversation from './conversation.schema.js';
import * as lead from './lead.schema.js';
import * as leadFile from './lead-file.schema.js';
import * as leadImport from './lead-import.schema.js';
import * as people from './people.schema.js';
import * as sequence from './sequence.schema.js';
import * as webhook from './webhook.schema.js';

export const requestSchemas = {
  createCampaign: { body: campaign.createCampaignBody },
  listCampaigns: { query: campaign.listCampaignsQuery },
  getCampaign: { params: campaign.getCampaignParams },
  updateCampaign: { params: campaign.updateCampaignParams, body: campaign.updateCampaignBody },
  pauseCampaign: { params: campaign.pauseCampaignParams },
  startCampaign: { params: campaign.startCampaignParams },
  addCampaignSenders: { params: campaign.addCampaignSendersParams, body: campaign.addCampaignSendersBody },
  getCampaignSequence: { params: campaign.getCampaignSequenceParams },

  listCampaignLeads: { params: lead.listCampaignLeadsParams, query: lead.listCampaignLeadsQuery },
  addLeads: { params: lead.addLeadsParams, body: lead.addLeadsBody },
  removeLeads: { params: lead.removeLeadsParams, body: lead.removeLeadsBody },
  updateLeadStatus: { params: lead.updateLeadStatusParams, body: lead.updateLeadStatusBody },
  tagLead: { params: lead.tagLeadParams, body: lead.tagLeadBody },
  exportCampaignLeads: { params: leadFile.exportCampaignLeadsParams },
  uploadLeadFile: { query: leadFile.uploadLeadFileQuery },
  getLeadFile: { params: leadFile.getLeadFileParams },
  createLeadImport: { params: leadImport.createLeadImportParams, body: leadImport.createLeadImportBody },
  listLeadImports: { params: leadImport.listLeadImportsParams, query: leadImport.listLeadImportsQuery },
  getLeadImport: { params: leadImport.getLeadImportParams },
  cancelLeadImport: { params: leadImport.cancelLeadImportParams },
  getLeadImportReport: { params: leadImport.getLeadImportReportParams },
  listAccountLeadLists: {
    params: leadImport.listAccountLeadListsParams,
    query: leadImport.listAccountLeadListsQuery,
  },
  listSearchParameters: {
    params: leadImport.listSearchParametersParams,
    query: leadImport.listSearchParametersQuery,
  },

  addStep: { params: sequence.addStepParams, body: sequence.addStepBody },
  updateStep: { params: sequence.updateStepParams, body: sequence.updateStepBody },
  deleteStep: { params: sequence.deleteStepParams },
  addVariant: { params: sequence.addVariantParams, body: sequence.addVariantBody },
  updateVariant: { params: sequence.updateVariantParams, body: sequence.updateVariantBody },
  deleteVariant: { params: sequence.deleteVariantParams },
  listAiTools: { query: aiTool.listAiToolsQuery },

  listBlockedLeads: { query: blockList.listBlockedLeadsQuery },
  blockLeads: { body: blockList.blockLeadsBody },
  unblockLeads: { body: blockList.unblockLeadsBody },
  listCampaignBlockedLeads: {
    params: blockList.listCampaignBlockedLeadsParams,
    query: blockList.listCampaignBlockedLeadsQuery,
  },
  blockCampaignLeads: { params: blockList.blockCampaignLeadsParams, body: blockList.blockCampaignLeadsBody },
  unblockCampaignLeads: {
    params: blockList.unblockCampaignLeadsParams,
    body: blockList.unblockCampaignLeadsBody,
  },

  listAccounts: { query: account.listAccountsQuery },
  createAccount: { body: account.createAccountBody },
  getAccount: { params: account.getAccountParams },
  getAccountLimits: { params: account.getAccountLimitsParams },
  reconnectAccount: { params: account.reconnectAccountParams },
  connectAccount: { body: account.connectAccountBody },
  receiveUnipileWebhook: { body: account.providerWebhookBody },
  completeUnipileAccountLink: { query: account.completeAccountLinkQuery, body: account.providerWebhookBody },
  updateAccountLimits: { params: account.updateAccountLimitsParams, body: account.updateAccountLimitsBody },
  resumeAcceptanceGuard: { params: account.resumeAcceptanceGuardParams },
  getInvitationSettings: {},
  updateInvitationSettings: { body: account.updateInvitationSettingsBody },

  listConversations: { query: conversation.listConversationsQuery },
  getConversation: { params: conversation.getConversationParams },
  markConversationRead: { params: conversation.markConversationReadParams },
  sendMessage: { params: conversation.sendMessageParams, body: conversation.sendMessageBody },

  campaignAnalytics: { params: analytics.campaignAnalyticsParams, query: analytics.campaignAnalyticsQuery },
  workspaceAnalytics: { query: analytics.workspaceAnalyticsQuery },

  subscribeHook: { body: webhook.subscribeHookBody },
  listHooks: { query: webhook.listHooksQuery },
  unsubscribeHook: { body: webhook.unsubscribeHookBody },
  performList: { query: webhook.performListQuery },
  listHookDeliveries: { params: webhook.listHookDeliveriesParams, query: webhook.listHookDeliveriesQuery },
  getHookDelivery: { params: webhook.getHookDeliveryParams },
  retryHookDelivery: { params: webhook.retryHookDeliveryParams },
  recoverHookDeliveries: {
    params: webhook.recoverHookDeliveriesParams,
    body: webhook.recoverHookDeliveriesBody,
  },

  getMe: {},
  createWorkspace: { body: people.createWorkspaceBody },
  listAgencyMembers: { params: people.listAgencyMembersParams },
  setAgencyMember: { params: people.setAgencyMemberParams, body: people.setAgencyMemberBody },
  removeAgencyMember: { params: people.removeAgencyMemberParams },
  deleteWorkspace: { body: people.deleteWorkspaceBody },
  listMembers: { query: people.listMembersQuery },
  updateMember: { params: people.updateMemberParams, body: people.updateMemberBody },
  removeMember: { params: people.removeMemberParams },
  createInvitation: { body: people.createInvitationBody },
  listInvitations: { query: people.listInvitationsQuery },
  revokeInvitation: { params: people.revokeInvitationParams },
  resendInvitation: { params: people.resendInvitationParams },
  previewInvitation: { body: people.previewInvitationBody },
  acceptInvitation: { body: people.acceptInvitationBody },
  getSetupStatus: {},
  completeSetup: { body: people.completeSetupBody },
  createApiKey: { body: people.createApiKeyBody },
  listApiKeys: { query: people.listApiKeysQuery },
  revokeApiKey: { params: people.revokeApiKeyParams },
  listSessions: {},
  endSession: { params: people.endSessionParams },
  listAuditLog: { query: people.listAuditLogQuery },

  getHealth: {},
  getReadiness: {},
  getOpenApiDocument: {},
  getDocs: {},
} as const satisfies Record<OperationId, OperationSchemas>;

export type RequestSchemas = typeof requestSchemas;

// Fails to compile, naming the operation and part, when the schemas and the document disagree.
type _ContractCheck = AssertNoMismatch<ContractMismatches<RequestSchemas>>;
