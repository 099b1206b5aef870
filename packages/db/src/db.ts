import { CampaignCountersRepository } from './campaign/campaign-counters.repository.js';
import mongoose, {
  type ConnectOptions,
  type Connection,
  type Model,
  type Schema,
  type mongo,
} from 'mongoose';
import { ActionRepository } from './action/action.repository.js';
import { actionSchema, type ActionRecord } from './action/action.schema.js';
import { DailyRollupRepository } from './daily-rollup/daily-rollup.repository.js';
import { dailyRollupSchema, type DailyRollupRecord } from './daily-rollup/daily-rollup.schema.js';
import { LeadActionMarks } from './action/lead-action-marks.js';
import { leadActionMarkSchema, type LeadActionMarkRecord } from './action/lead-action-mark.schema.js';
import { AgencyRepository } from './agency/agency.repository.js';
import {
  agencyMemberSchema,
  agencySchema,
  type AgencyMemberRecord,
  type AgencyRecord,
} from './agency/agency.schema.js';
import { ApiKeyRepository } from './api-key/api-key.repository.js';
import { AuditLogRepository } from './audit/audit.repository.js';
import { AuthFailureRepository } from './auth-failure/auth-failure.repository.js';
import { authFailureSchema, type AuthFailureRecord } from './auth-failure/auth-failure.schema.js';
import { auditEntrySchema, type AuditEntryRecord } from './audit/audit.schema.js';
import { apiKeySchema, type ApiKeyRecord } from './api-key/api-key.schema.js';
import { BlockedLeadRepository } from './blocked-lead/blocked-lead.repository.js';
import { blockedLeadSchema, type BlockedLeadRecord } from './blocked-lead/blocked-lead.schema.js';
import { CampaignRepository } from './campaign/campaign.repository.js';
import { CampaignStatsRepository } from './campaign-stats/campaign-stats.repository.js';
import { campaignSchema, type CampaignRecord } from './campaign/campaign.schema.js';
import { ScopedModel, type TenantRecord } from './common/scoped-model.js';
import { ConversationRepository } from './conversation/conversation.repository.js';
import { conversationSchema, type ConversationRecord } from './conversation/conversation.schema.js';
import { MessageRepository } from './conversation/message.repository.js';
import { messageSchema, type MessageRecord } from './conversation/message.schema.js';
import { DeliveryRepository } from './delivery/delivery.repository.js';
import { deliverySchema, type DeliveryRecord } from './delivery/delivery.schema.js';
import { EventRepository } from './event/event.repository.js';
import { IdempotencyRepository } from './idempotency/idempotency.repository.js';
import { idempotencySchema, type IdempotencyRecord } from './idempotency/idempotency.schema.js';
import { eventSchema, type EventRecord } from './event/event.schema.js';
import { InvitationRepository } from './invitation/invitation.repository.js';
import { invitationSchema, type InvitationRecord } from './invitation/invitation.schema.js';
import { LeadLeaseRepository } from './lead/lead-lease.repository.js';
import { LeadInvitationRepository } from './lead/lead-invitations.repository.js';
import { SenderAccountInvitationsRepository } from './sender-account/sender-account-invitations.js';
import { LeadRepository } from './lead/lead.repository.js';
import { LeadExportRepository } from './lead/lead-export.repository.js';
import { LeadFileRepository } from './lead-file/lead-file.repository.js';
import { leadFileSchema, type LeadFileRecord } from './lead-file/lead-file.schema.js';
import { LeadFileRowRepository } from './lead-file-row/lead-file-row.repository.js';
import { leadFileRowChunkSchema, type LeadFileRowChunkRecord } from './lead-file-row/lead-file-row.schema.js';
import { LeadIntake } from './lead/lead-intake.js';
import { LeadImportRepository } from './lead-import/lead-import.repository.js';
import { leadImportSchema, type LeadImportRecord } from './lead-import/lead-import.schema.js';
import { LeadImportRowRepository } from './lead-import-row/lead-import-row.repository.js';
import { leadImportRowSchema, type LeadImportRowRecord } from './lead-import-row/lead-import-row.schema.js';
import { leadSchema, type LeadRecord } from './lead/lead.schema.js';
import { MemberRepository } from './member/member.repository.js';
import { memberSchema, type MemberRecord } from './member/member.schema.js';
import { ProviderEventRepository } from './provider-event/provider-event.repository.js';
import { providerEventSchema, type ProviderEventRecord } from './provider-event/provider-event.schema.js';
import { ModelAnswerRepository } from './model-answer/model-answer.repository.js';
import { modelAnswerSchema, type ModelAnswerRecord } from './model-answer/model-answer.schema.js';
import { ModelUsageRepository } from './model-usage/model-usage.repository.js';
import { modelUsageSchema, type ModelUsageRecord } from './model-usage/model-usage.schema.js';
import { RateLimitRepository } from './rate-limit/rate-limit.repository.js';
import { rateLimitSchema, type RateLimitRecord } from './rate-limit/rate-limit.schema.js';
import { SetupTokenRepository } from './setup-token/setup-token.repository.js';
import { setupTokenSchema, type SetupTokenRecord } from './setup-token/setup-token.schema.js';
import { AccountUsageRepository } from './sender-account/account-usage.repository.js';
import { accountUsageSchema, type AccountUsageRecord } from './sender-account/account-usage.schema.js';
import { SenderAccountRepository } from './sender-account/sender-account.repository.js';
import { senderAccountSchema, type SenderAccountRecord } from './sender-account/sender-account.schema.js';
import { WebhookSubscriptionRepository } from './webhook-subscription/webhook-subscription.repository.js';
import {
  webhookSubscriptionSchema,
  type WebhookSubscriptionRecord,
} from './webhook-subscription/webhook-subscription.schema.js';
import { WorkspaceRepository } from './workspace/workspace.repository.js';
import { workspaceSchema, type WorkspaceRecord } from './workspace/workspace.schema.js';

export interface DbOptions {
  /** The time used for `createdAt`/`updatedAt`; the runner passes its clock port. */
  clock?: () => Date;
}

/** `connectDb`'s options: the repositories' own, and the connection's. */
export interface ConnectDbOptions extends DbOptions {
  /** Build the collections and indexes before returning (default true). */
  ensureIndexes?: boolean;
  /**
   * Passed to the MongoDB driver (pool size, timeouts, `monitorCommands: true` for
   * `watchCommands`, ...). Index builds and collection creation stay with `ensureIndexes`.
   */
  driverOptions?: Omit<ConnectOptions, 'autoIndex' | 'autoCreate'>;
}

/** A command the driver sent, as reported when the connection monitors commands. */
export type StartedCommand = Pick<mongo.CommandStartedEvent, 'commandName' | 'databaseName'> & {
  /** The collection a CRUD command names (`find`, `update`, `aggregate`, ...), else null. */
  collection: string | null;
};

/** Every repository, over one connection. There is no other way to the collections. */
export interface Db {
  workspaces: WorkspaceRepository;
  apiKeys: ApiKeyRepository;
  senderAccounts: SenderAccountRepository;
  accountUsage: AccountUsageRepository;
  campaigns: CampaignRepository;
  campaignStats: CampaignStatsRepository;
  /** The figures kept on each campaign: write helpers and the drift check. */
  campaignCounters: CampaignCountersRepository;
  leads: LeadRepository;
  leadLeases: LeadLeaseRepository;
  leadInvitations: LeadInvitationRepository;
  accountInvitations: SenderAccountInvitationsRepository;
  blockedLeads: BlockedLeadRepository;
  /** Uploaded CSV files of leads (kept 7 days), and their rows. */
  leadFiles: LeadFileRepository;
  leadFileRows: LeadFileRowRepository;
  /** A campaign's leads as its CSV export reads them: a page at a time. */
  leadExports: LeadExportRepository;
  /** What a lead import must know of a page's people (dedupe), read from indexes. */
  leadIntake: LeadIntake;
  /** Lead imports: jobs the runner carries out a page at a time. */
  leadImports: LeadImportRepository;
  /** Each lead import's rows: every person it read and what became of them. */
  leadImportRows: LeadImportRowRepository;
  conversations: ConversationRepository;
  messages: MessageRepository;
  actions: ActionRepository;
  webhookSubscriptions: WebhookSubscriptionRepository;
  events: EventRepository;
  deliveries: DeliveryRepository;
  rateLimits: RateLimitRepository;
  providerEvents: ProviderEventRepository;
  /** The per-workspace daily language-model budget. */
  modelUsage: ModelUsageRepository;
  /** Language-model answers already paid for, per workspace. */
  modelAnswers: ModelAnswerRepository;
  idempotencyKeys: IdempotencyRepository;
  /** Agencies (above workspaces) and their people. */
  agencies: AgencyRepository;
  /** The people of each workspace and their roles. */
  members: MemberRepository;
  invitations: InvitationRepository;
  /** The first-user setup links. */
  setupTokens: SetupTokenRepository;
  /** Append-only: who did what, kept at least a year. */
  auditLog: AuditLogRepository;
  /** Failed sign-ins, for the sign-in throttle. */
  authFailures: AuthFailureRepository;
  /**
   * The database of this connection as the MongoDB driver sees it, for a library that keeps its
   * own collections beside ours (authentication): one driver, one pool, one place to configure.
   */
  mongoDatabase(): mongo.Db;
  /** Creates the collections and every declared index (idempotent; run at start-up). */
  ensureIndexes(): Promise<void>;
  /**
   * Calls `listener` for every command the driver sends (benchmarks, diagnostics). Only a
   * connection opened with `driverOptions: { monitorCommands: true }` reports commands. Returns the
   * function that stops listening.
   */
  watchCommands(listener: (command: StartedCommand) => void): () => void;
  /** Closes the underlying connection. */
  close(): Promise<void>;
}

function collectionOf(event: mongo.CommandStartedEvent): string | null {
  const named: unknown = (event.command as Record<string, unknown>)[event.commandName];
  return typeof named === 'string' ? named : null;
}

function modelOf<T>(connection: Connection, name: string, schema: Schema<T>): Model<T> {
  return (connection.models[name] as Model<T> | undefined) ?? connection.model<T>(name, schema);
}

/** Builds the repositories over an open mongoose connection. */
export function createDb(connection: Connection, options: DbOptions = {}): Db {
  const clock = options.clock ?? (() => new Date());
  const models = {
    workspaces: modelOf<WorkspaceRecord>(connection, 'Workspace', workspaceSchema),
    apiKeys: modelOf<ApiKeyRecord>(connection, 'ApiKey', apiKeySchema),
    senderAccounts: modelOf<SenderAccountRecord>(connection, 'SenderAccount', senderAccountSchema),
    accountUsage: modelOf<AccountUsageRecord>(connection, 'AccountUsage', accountUsageSchema),
    campaigns: modelOf<CampaignRecord>(connection, 'Campaign', campaignSchema),
    leads: modelOf<LeadRecord>(connection, 'Lead', leadSchema),
    blockedLeads: modelOf<BlockedLeadRecord>(connection, 'BlockedLead', blockedLeadSchema),
    leadFiles: modelOf<LeadFileRecord>(connection, 'LeadFile', leadFileSchema),
    leadFileRows: modelOf<LeadFileRowChunkRecord>(connection, 'LeadFileRowChunk', leadFileRowChunkSchema),
    conversations: modelOf<ConversationRecord>(connection, 'Conversation', conversationSchema),
    messages: modelOf<MessageRecord>(connection, 'Message', messageSchema),
    actions: modelOf<ActionRecord>(connection, 'Action', actionSchema),
    dailyRollups: modelOf<DailyRollupRecord>(connection, 'DailyRollup', dailyRollupSchema),
    leadActionMarks: modelOf<LeadActionMarkRecord>(connection, 'LeadActionMark', leadActionMarkSchema),
    webhookSubscriptions: modelOf<WebhookSubscriptionRecord>(
      connection,
      'WebhookSubscription',
      webhookSubscriptionSchema,
    ),
    events: modelOf<EventRecord>(connection, 'Event', eventSchema),
    deliveries: modelOf<DeliveryRecord>(connection, 'Delivery', deliverySchema),
    rateLimits: modelOf<RateLimitRecord>(connection, 'RateLimit', rateLimitSchema),
    providerEvents: modelOf<ProviderEventRecord>(connection, 'ProviderEvent', providerEventSchema),
    modelUsage: modelOf<ModelUsageRecord>(connection, 'ModelUsage', modelUsageSchema),
    modelAnswers: modelOf<ModelAnswerRecord>(connection, 'ModelAnswer', modelAnswerSchema),
    idempotencyKeys: modelOf<IdempotencyRecord>(connection, 'IdempotencyKey', idempotencySchema),
    agencies: modelOf<AgencyRecord>(connection, 'Agency', agencySchema),
    agencyMembers: modelOf<AgencyMemberRecord>(connection, 'AgencyMember', agencyMemberSchema),
    members: modelOf<MemberRecord>(connection, 'Member', memberSchema),
    invitations: modelOf<InvitationRecord>(connection, 'Invitation', invitationSchema),
    setupTokens: modelOf<SetupTokenRecord>(connection, 'SetupToken', setupTokenSchema),
    authFailures: modelOf<AuthFailureRecord>(connection, 'AuthFailure', authFailureSchema),
    leadImports: modelOf<LeadImportRecord>(connection, 'LeadImport', leadImportSchema),
    leadImportRows: modelOf<LeadImportRowRecord>(connection, 'LeadImportRow', leadImportRowSchema),
    auditEntries: modelOf<AuditEntryRecord>(connection, 'AuditEntry', auditEntrySchema),
  };
  const scoped = <T extends TenantRecord>(model: Model<T>) => new ScopedModel<T>(model);
  const leads = scoped(models.leads);
  const conversations = scoped(models.conversations);
  const messages = scoped(models.messages);
  const actions = scoped(models.actions);
  const campaigns = scoped(models.campaigns);
  const campaignStats = new CampaignStatsRepository(leads, actions);
  const marks = new LeadActionMarks(scoped(models.leadActionMarks));
  const dailyRollups = new DailyRollupRepository(scoped(models.dailyRollups), actions, campaigns);
  const messageRepository = new MessageRepository(messages, conversations, clock);
  const campaignCounters = new CampaignCountersRepository(campaigns, leads, campaignStats, clock, {
    marks,
    rollups: dailyRollups,
  });
  const leadRepository = new LeadRepository(leads, campaignCounters, clock, actions);
  const campaignRepository = new CampaignRepository(campaigns, clock);
  const blockedLeadRepository = new BlockedLeadRepository(scoped(models.blockedLeads), clock);
  const leadImportRows = new LeadImportRowRepository(scoped(models.leadImportRows), clock);

  return {
    workspaces: new WorkspaceRepository(models.workspaces, clock),
    apiKeys: new ApiKeyRepository(scoped(models.apiKeys), clock),
    senderAccounts: new SenderAccountRepository(scoped(models.senderAccounts), clock),
    accountUsage: new AccountUsageRepository(scoped(models.accountUsage)),
    campaigns: campaignRepository,
    campaignStats,
    campaignCounters,
    leads: leadRepository,
    leadLeases: new LeadLeaseRepository(leads, campaignCounters, clock),
    leadInvitations: new LeadInvitationRepository(leads),
    accountInvitations: new SenderAccountInvitationsRepository(scoped(models.senderAccounts)),
    blockedLeads: blockedLeadRepository,
    leadFiles: new LeadFileRepository(scoped(models.leadFiles)),
    leadFileRows: new LeadFileRowRepository(scoped(models.leadFileRows)),
    leadExports: new LeadExportRepository(leads, scoped(models.leadActionMarks)),
    leadIntake: new LeadIntake({
      leadRecords: leads,
      campaignRecords: campaigns,
      blockedLeads: blockedLeadRepository,
      marks,
      importRows: leadImportRows,
    }),
    leadImports: new LeadImportRepository(scoped(models.leadImports), clock),
    leadImportRows,
    conversations: new ConversationRepository(conversations, messages, clock),
    messages: messageRepository,
    actions: new ActionRepository(actions, marks, campaignCounters, dailyRollups, messageRepository, leads),
    webhookSubscriptions: new WebhookSubscriptionRepository(scoped(models.webhookSubscriptions), clock),
    events: new EventRepository(scoped(models.events), clock),
    deliveries: new DeliveryRepository(scoped(models.deliveries), clock),
    rateLimits: new RateLimitRepository(models.rateLimits),
    providerEvents: new ProviderEventRepository(models.providerEvents),
    modelUsage: new ModelUsageRepository(scoped(models.modelUsage)),
    modelAnswers: new ModelAnswerRepository(scoped(models.modelAnswers), clock),
    idempotencyKeys: new IdempotencyRepository(scoped(models.idempotencyKeys)),
    agencies: new AgencyRepository(models.agencies, models.agencyMembers, clock),
    members: new MemberRepository(scoped(models.members), clock),
    invitations: new InvitationRepository(scoped(models.invitations), clock),
    setupTokens: new SetupTokenRepository(models.setupTokens, clock),
    // Its records may have no workspace; the repository scopes its reads itself.
    auditLog: new AuditLogRepository(models.auditEntries, clock),
    authFailures: new AuthFailureRepository(models.authFailures),
    mongoDatabase() {
      const database = connection.db;
      if (!database) throw new Error('the connection is not open');
      return database;
    },
    async ensureIndexes() {
      // One collection at a time: index builds are the heaviest thing start-up does.
      const all: Array<Pick<Model<unknown>, 'createCollection' | 'createIndexes'>> = Object.values(models);
      for (const model of all) {
        await model.createCollection();
        await model.createIndexes();
      }
    },
    watchCommands(listener) {
      const client = connection.getClient();
      const report = (event: mongo.CommandStartedEvent) =>
        listener({
          commandName: event.commandName,
          databaseName: event.databaseName,
          collection: collectionOf(event),
        });
      client.on('commandStarted', report);
      return () => {
        client.off('commandStarted', report);
      };
    },
    close: () => connection.close(),
  };
}

/**
 * Opens a connection and builds the repositories. Indexes are ensured before returning unless
 * `ensureIndexes: false`: idempotent inserts and claims rely on them.
 */
export async function connectDb(uri: string, options: ConnectDbOptions = {}): Promise<Db> {
  const connection = mongoose.createConnection(uri, {
    ...options.driverOptions,
    autoIndex: false,
    autoCreate: false,
  });
  try {
    await connection.asPromise();
    const db = createDb(connection, options);
    if (options.ensureIndexes !== false) await db.ensureIndexes();
    return db;
  } catch (error) {
    // A caller that retries (a process started while its database is away) must not leave an open
    // connection behind per attempt.
    await connection.close().catch(() => undefined);
    throw error;
  }
}
