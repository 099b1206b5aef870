import type { MessageSender } from '@outreach/domain';
import { LeaseLostError, NotFoundError } from '../common/db-errors.js';
import { isDuplicateKeyError } from '../common/duplicate-keys.js';
import { newId, type WorkspaceId } from '../common/public-ids.js';
import type { ScopedModel } from '../common/scoped-model.js';
import { leaseEnd, leaseFree, type LeaseRequest } from '../common/lease.js';
import { toMessage, type Conversation, type Message } from './conversation.entity.js';
import type { ConversationRecord } from './conversation.schema.js';
import { noteMessage, noteStateChange, toLastMessage } from './last-message.js';
import type { MessageRecord } from './message.schema.js';
import { openConversation, type ConversationOwner } from './open-conversation.js';
import { fileSentMessages } from './sent-messages.js';

export interface IncomingOrSentMessage {
  sender: MessageSender;
  content: string;
  sentAt: Date;
  /** The network's message id; a message with a known id is recorded once. */
  externalId?: string;
}

/** How many due messages one claim reads at a time, and how many such pages before it gives up. */
const CLAIM_PAGE_SIZE = 20;
const CLAIM_PAGES = 5;

/** Messages of conversations: recorded history, and replies queued for the runner to send. */
export class MessageRepository {
  constructor(
    private readonly messages: ScopedModel<MessageRecord>,
    private readonly conversations: ScopedModel<ConversationRecord>,
    private readonly clock: () => Date,
  ) {}

  /**
   * Records a message that was sent or received. With an `externalId` it is idempotent: a second
   * report of the same network message returns the first record with `created: false`, which is
   * how `message_received` fires once. A message from the lead marks the conversation unread.
   */
  async append(
    workspaceId: WorkspaceId,
    conversationId: string,
    input: IncomingOrSentMessage,
  ): Promise<{ message: Message; created: boolean }> {
    await this.requireConversation(workspaceId, conversationId);
    return this.insertInto(workspaceId, conversationId, newRecord(input), false);
  }

  /**
   * `append` to the lead's conversation, opening it on first use (`openConversation`): a
   * conversation opened by this message starts with it as its preview, so the first message of a
   * lead costs two round trips (the conversation, the message), a later one three (and its preview).
   */
  async recordForLead(
    workspaceId: WorkspaceId,
    owner: ConversationOwner,
    input: IncomingOrSentMessage,
  ): Promise<{ conversation: Conversation; message: Message; created: boolean }> {
    const record = newRecord(input);
    const conversation = await openConversation(
      this.conversations,
      workspaceId,
      owner,
      this.clock(),
      toLastMessage(record),
    );
    const opened = conversation.lastMessage?.id === record._id;
    const { message, created } = await this.insertInto(workspaceId, conversation.id, record, opened);
    return { conversation, message, created };
  }

  /**
   * `recordForLead` for many sent messages (of any leads of the workspace) in four round trips
   * whatever their number (see `fileSentMessages`).
   */
  recordSentForLeads(
    workspaceId: WorkspaceId,
    sent: ReadonlyArray<{ owner: ConversationOwner; message: IncomingOrSentMessage }>,
  ): Promise<void> {
    return fileSentMessages(
      { messages: this.messages, conversations: this.conversations },
      workspaceId,
      this.clock(),
      sent.map(({ owner, message }) => ({ owner, record: newRecord(message) })),
    );
  }

  private async insertInto(
    workspaceId: WorkspaceId,
    conversationId: string,
    unfiled: Omit<MessageRecord, 'workspaceId' | 'conversationId'>,
    previewSet: boolean,
  ): Promise<{ message: Message; created: boolean }> {
    const record = { ...unfiled, conversationId };
    try {
      const stored = await this.messages.insertOne(workspaceId, record);
      if (!previewSet) await noteMessage(this.conversations, workspaceId, stored, this.clock());
      return { message: toMessage(stored), created: true };
    } catch (error) {
      if (!isDuplicateKeyError(error) || record.externalId === undefined) throw error;
      const existing = await this.messages.findOne(workspaceId, { externalId: record.externalId });
      if (!existing) throw error;
      return { message: toMessage(existing), created: false };
    }
  }

  /** A reply written through the API, to be sent by the runner through the sender account. */
  async queueOutgoing(
    workspaceId: WorkspaceId,
    conversationId: string,
    content: string,
    options: { id?: string } = {},
  ): Promise<Message> {
    await this.requireConversation(workspaceId, conversationId);
    const now = this.clock();
    // With `id` (reserved by an Idempotency-Key's claim) a message already queued under it is the
    // one a request that died mid-way queued: it is not queued twice. Noting it again changes
    // nothing the first note did.
    const { record: stored } = await this.messages.insertOnce(workspaceId, {
      _id: options.id ?? newId('message'),
      conversationId,
      sender: 'account',
      content,
      state: 'queued',
      sendAfter: now,
      leaseOwner: null,
      leaseUntil: null,
      attempts: 0,
      error: null,
      createdAt: now,
      sentAt: null,
    });
    await noteMessage(this.conversations, workspaceId, stored, now);
    return toMessage(stored);
  }

  /**
   * The runner's claim of a queued reply, unscoped by nature (the runner serves every workspace):
   * the oldest due message with a free lease that heads its conversation's queue, leased and
   * counted in one conditional findOneAndUpdate. The message carries its workspaceId for the
   * scoped calls that follow.
   *
   * Replies of one conversation go out one at a time in the order they were accepted: a message
   * is claimed only while no earlier message of its conversation is still queued (being sent, or
   * waiting to be retried), so a second runner cannot send the next one beside it, and a retry
   * later keeps the ones after it waiting. Due messages behind another are passed over, a page
   * at a time, for the heads of other conversations.
   */
  async claimQueuedAcrossWorkspaces(lease: LeaseRequest): Promise<Message | null> {
    const model = this.messages.acrossWorkspaces;
    // Due on the schedule's clock, leased on the lease's (see `LeaseRequest.dueBy`).
    const dueBy = lease.dueBy ?? lease.now;
    const passedOver: string[] = [];
    for (let page = 0; page < CLAIM_PAGES; page += 1) {
      const due = await model
        .find({ sendAfter: { $lte: dueBy }, leaseUntil: leaseFree(lease.now), _id: { $nin: passedOver } })
        .sort({ sendAfter: 1, _id: 1 })
        .limit(CLAIM_PAGE_SIZE)
        .lean<MessageRecord[]>()
        .exec();
      if (due.length === 0) return null;
      for (const candidate of due) {
        const head = await model
          .findOne({
            workspaceId: candidate.workspaceId,
            conversationId: candidate.conversationId,
            sendAfter: { $exists: true }, // queued: sent and failed messages have none
          })
          .sort({ createdAt: 1, _id: 1 })
          .lean<MessageRecord>()
          .exec();
        if (head?._id !== candidate._id) {
          passedOver.push(candidate._id);
          continue;
        }
        const record = await model
          .findOneAndUpdate(
            {
              _id: candidate._id,
              state: 'queued',
              sendAfter: { $lte: dueBy },
              leaseUntil: leaseFree(lease.now),
            },
            { $set: { leaseOwner: lease.owner, leaseUntil: leaseEnd(lease) }, $inc: { attempts: 1 } },
            { returnDocument: 'after' },
          )
          .lean<MessageRecord>()
          .exec();
        if (record) return toMessage(record);
        passedOver.push(candidate._id); // another runner claimed it first
      }
    }
    return null;
  }

  /** The claimed message went out; it leaves the queue. */
  async markSent(
    workspaceId: WorkspaceId,
    id: string,
    owner: string,
    sent: { sentAt: Date; externalId?: string },
  ): Promise<Message> {
    const set: Record<string, unknown> = {
      state: 'sent',
      sentAt: sent.sentAt,
      leaseOwner: null,
      leaseUntil: null,
    };
    if (sent.externalId !== undefined) set['externalId'] = sent.externalId;
    const record = await this.whileLeased(workspaceId, id, owner, { $set: set, $unset: { sendAfter: 1 } });
    await noteMessage(this.conversations, workspaceId, record, this.clock());
    return toMessage(record);
  }

  /** Try again after `sendAfter` (e.g. the network was rate limited). */
  async retryLater(
    workspaceId: WorkspaceId,
    id: string,
    owner: string,
    retry: { sendAfter: Date; error: string },
  ): Promise<Message> {
    const record = await this.whileLeased(workspaceId, id, owner, {
      $set: { sendAfter: retry.sendAfter, error: retry.error, leaseOwner: null, leaseUntil: null },
    });
    return toMessage(record);
  }

  /** Give up on the claimed message; it stays in the history as failed. */
  async markFailed(workspaceId: WorkspaceId, id: string, owner: string, error: string): Promise<Message> {
    const record = await this.whileLeased(workspaceId, id, owner, {
      $set: { state: 'failed', error, leaseOwner: null, leaseUntil: null },
      $unset: { sendAfter: 1 },
    });
    await noteStateChange(this.conversations, workspaceId, record, this.clock());
    return toMessage(record);
  }

  private async whileLeased(
    workspaceId: WorkspaceId,
    id: string,
    owner: string,
    update: Parameters<ScopedModel<MessageRecord>['findOneAndUpdate']>[2],
  ): Promise<MessageRecord> {
    const record = await this.messages.findOneAndUpdate(workspaceId, { _id: id, leaseOwner: owner }, update);
    if (!record) throw new LeaseLostError('message', id, owner);
    return record;
  }

  private async requireConversation(workspaceId: WorkspaceId, conversationId: string): Promise<void> {
    if (!(await this.conversations.exists(workspaceId, { _id: conversationId }))) {
      throw new NotFoundError('conversation', [conversationId]);
    }
  }
}

/** A sent or received message's record, before it is filed in a conversation. */
function newRecord(input: IncomingOrSentMessage): Omit<MessageRecord, 'workspaceId' | 'conversationId'> {
  const record: Omit<MessageRecord, 'workspaceId' | 'conversationId'> = {
    _id: newId('message'),
    sender: input.sender,
    content: input.content,
    state: input.sender === 'lead' ? 'received' : 'sent',
    leaseOwner: null,
    leaseUntil: null,
    attempts: 0,
    error: null,
    createdAt: input.sentAt,
    sentAt: input.sentAt,
  };
  if (input.externalId !== undefined) record.externalId = input.externalId;
  return record;
}
