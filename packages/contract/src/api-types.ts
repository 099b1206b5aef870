/**
 * Types generated from `openapi.yaml`, with one short name per resource and helpers that pick an
 * operation's request and response types by `operationId`.
 */
import type { components, operations, paths, webhooks } from './generated/openapi.generated.js';

export type { components, operations, paths, webhooks };

type Schemas = components['schemas'];

export type ApiError = Schemas['Error'];
export type Campaign = Schemas['Campaign'];
export type CampaignDetail = Schemas['CampaignDetail'];
export type CampaignSettings = Schemas['CampaignSettings'];
export type CampaignStatus = Schemas['CampaignStatus'];
export type CampaignPage = Schemas['CampaignPage'];
export type CoreVariables = Schemas['CoreVariables'];
export type CustomVariables = Schemas['CustomVariables'];
export type WorkingHours = Schemas['WorkingHours'];
export type Step = Schemas['Step'];
export type StepType = Schemas['StepType'];
export type StepVariant = Schemas['StepVariant'];
export type AITool = Schemas['AITool'];
export type AIToolKey = Schemas['AIToolKey'];
export type AIToolSelection = Schemas['AIToolSelection'];
export type AIToolDefinition = Schemas['AIToolDefinition'];
export type AIToolPage = Schemas['AIToolPage'];
export type Sequence = Schemas['Sequence'];
export type SequenceStep = Schemas['SequenceStep'];
export type SequenceVariant = Schemas['SequenceVariant'];
export type StepList = Schemas['StepList'];
export type VariantList = Schemas['VariantList'];
export type TemplateWarning = Schemas['TemplateWarning'];
export type StepUpdateResult = Schemas['StepUpdateResult'];
export type Lead = Schemas['Lead'];
export type LeadInput = Schemas['LeadInput'];
export type LeadSummary = Schemas['LeadSummary'];
export type LeadStatus = Schemas['LeadStatus'];
export type LeadInternalStatus = Schemas['LeadInternalStatus'];
export type LeadTag = Schemas['LeadTag'];
export type CampaignLeadPage = Schemas['CampaignLeadPage'];
export type AddLeadsResult = Schemas['AddLeadsResult'];
export type RemoveLeadsResult = Schemas['RemoveLeadsResult'];
export type LeadStatusResult = Schemas['LeadStatusResult'];
export type LeadTagsResult = Schemas['LeadTagsResult'];
export type LeadFile = Schemas['LeadFile'];
export type LeadFileMapping = Schemas['LeadFileMapping'];
export type LeadFileDelimiter = Schemas['LeadFileDelimiter'];
export type LeadFileInvalidRow = Schemas['LeadFileInvalidRow'];
export type LeadImport = Schemas['LeadImport'];
export type LeadImportPage = Schemas['LeadImportPage'];
export type LeadImportPart = Schemas['LeadImportPart'];
export type LeadImportPreview = Schemas['LeadImportPreview'];
export type LeadImportPreviewEntry = Schemas['LeadImportPreviewEntry'];
export type LeadImportSkipped = Schemas['LeadImportSkipped'];
export type LeadImportSource = Schemas['LeadImportSource'];
export type LeadImportStatus = Schemas['LeadImportStatus'];
export type LeadList = Schemas['LeadList'];
export type LeadListPage = Schemas['LeadListPage'];
export type SearchParameter = Schemas['SearchParameter'];
export type SearchParameterList = Schemas['SearchParameterList'];
export type BlockedLead = Schemas['BlockedLead'];
export type BlockResult = Schemas['BlockResult'];
export type UnblockResult = Schemas['UnblockResult'];
export type SenderAccount = Schemas['SenderAccount'];
export type SenderAccountPage = Schemas['SenderAccountPage'];
export type AccountReconnection = Schemas['AccountReconnection'];
export type AccountConnection = Schemas['AccountConnection'];
export type ProviderWebhookReceipt = Schemas['ProviderWebhookReceipt'];
export type AccountLinkReceipt = Schemas['AccountLinkReceipt'];
export type AccountLimits = Schemas['AccountLimits'];
export type AccountUsage = Schemas['AccountUsage'];
export type AccountStatus = Schemas['AccountStatus'];
export type AccountTier = Schemas['AccountTier'];
export type AccountRestriction = Schemas['AccountRestriction'];
export type LimitUsage = Schemas['LimitUsage'];
export type InvitationHygiene = Schemas['InvitationHygiene'];
export type InvitationSettings = Schemas['InvitationSettings'];
export type LimitSource = Schemas['LimitSource'];
export type CallBudget = Schemas['CallBudget'];
export type WaitingFor = Schemas['WaitingFor'];
export type WaitingReason = Schemas['WaitingReason'];
export type Conversation = Schemas['Conversation'];
export type ConversationSummary = Schemas['ConversationSummary'];
export type ConversationPage = Schemas['ConversationPage'];
export type Message = Schemas['Message'];
export type MessageSender = Schemas['MessageSender'];
export type MessageStatus = Schemas['MessageStatus'];
export type AnalyticsTotals = Schemas['AnalyticsTotals'];
export type DailyAnalytics = Schemas['DailyAnalytics'];
export type StepAnalytics = Schemas['StepAnalytics'];
export type VariantAnalytics = Schemas['VariantAnalytics'];
export type AnalyticsWindowUsed = Schemas['AnalyticsWindowUsed'];
export type CampaignAnalytics = Schemas['CampaignAnalytics'];
export type AbTest = Schemas['AbTest'];
export type AbTestVariant = Schemas['AbTestVariant'];
export type AbComparison = Schemas['AbComparison'];
export type ConfidenceInterval = Schemas['ConfidenceInterval'];
export type WorkspaceAnalytics = Schemas['WorkspaceAnalytics'];
export type Subscription = Schemas['Subscription'];
export type SubscriptionPage = Schemas['SubscriptionPage'];
export type SubscriptionHealth = Schemas['SubscriptionHealth'];
export type DeliveryStatus = Schemas['DeliveryStatus'];
export type DeliveryFailureReason = Schemas['DeliveryFailureReason'];
export type DeliveryAttempt = Schemas['DeliveryAttempt'];
export type HookDelivery = Schemas['HookDelivery'];
export type HookDeliveryDetail = Schemas['HookDeliveryDetail'];
export type HookDeliveryPage = Schemas['HookDeliveryPage'];
export type RecoverResult = Schemas['RecoverResult'];
export type SuccessMessage = Schemas['SuccessMessage'];
export type EventType = Schemas['EventType'];
export type WebhookEvent = Schemas['WebhookEvent'];
export type ConnectionRequestAcceptedEvent = Schemas['ConnectionRequestAcceptedEvent'];
export type MessageReceivedEvent = Schemas['MessageReceivedEvent'];
export type LeadTaggedInterestedEvent = Schemas['LeadTaggedInterestedEvent'];
export type LeadMeetingBookedEvent = Schemas['LeadMeetingBookedEvent'];
export type LeadStatusMatchedEvent = Schemas['LeadStatusMatchedEvent'];
export type LeadStatusDiscardedEvent = Schemas['LeadStatusDiscardedEvent'];
export type CampaignCompletedEvent = Schemas['CampaignCompletedEvent'];
export type LeadImportCompletedEvent = Schemas['LeadImportCompletedEvent'];
export type CampaignWithoutLeadsEvent = Schemas['CampaignWithoutLeadsEvent'];
export type NetworkAccountDisconnectedEvent = Schemas['NetworkAccountDisconnectedEvent'];
export type HealthStatus = Schemas['HealthStatus'];
export type ReadyStatus = Schemas['ReadyStatus'];

/** The webhook deliveries, which openapi-typescript lists among the operations too. */
type WebhookOperation = { [Event in keyof webhooks]: webhooks[Event]['post'] }[keyof webhooks];

/** `operationId` of every HTTP operation the service answers (webhook deliveries excluded). */
export type OperationId = {
  [Id in keyof operations]: operations[Id] extends WebhookOperation ? never : Id;
}[keyof operations];

/** JSON request body of an operation; `never` when it takes none. */
export type RequestBody<Id extends OperationId> = JsonContent<NonNullable<operations[Id]['requestBody']>>;

/** The JSON media type of a request or response; `never` when it has none. */
type JsonContent<Part> = [Part] extends [never]
  ? never
  : Part extends { content: { 'application/json': infer Body } }
    ? Body
    : never;

/** Query parameters of an operation (as values, before they are written into the URL). */
export type QueryParams<Id extends OperationId> = NonNullable<operations[Id]['parameters']['query']>;

/** Path parameters of an operation. */
export type PathParams<Id extends OperationId> = NonNullable<operations[Id]['parameters']['path']>;

/** JSON body of one documented status of an operation. */
export type ResponseBody<
  Id extends OperationId,
  Status extends keyof operations[Id]['responses'],
> = JsonContent<operations[Id]['responses'][Status]>;
