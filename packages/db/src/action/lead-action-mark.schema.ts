import { Schema } from 'mongoose';
import { recordOptions, workspaceIdField } from '../common/record-options.js';
import type { LeadDays } from './lead-days.js';

/**
 * What the action log says of one lead, kept beside it so that recording an action knows at once
 * whether it is the lead's first message or first reply (what the campaign counters count), and
 * how it moves the daily roll-ups' distinct-lead histograms, without reading the lead's other
 * actions. `_id` is `<workspaceId>|<leadId>`. Fields are absent
 * until the lead has such an action (never null: `$min` against null would keep null).
 */
export interface LeadActionMarkRecord {
  _id: string;
  workspaceId: string;
  campaignId: string;
  leadId: string;
  /** When the lead was first sent a message or an InMail. */
  firstMessagedAt?: Date;
  /** When the lead last replied. */
  lastRepliedAt?: Date;
  /**
   * The lead's days per group of actions (see lead-days.ts): what moves the daily roll-ups'
   * distinct-lead histograms when an action arrives, in any order. A lead has few actions, so
   * this stays small. Absent until the lead has an invitation, acceptance, message or reply.
   */
  days?: LeadDays;
}

export const leadActionMarkSchema = new Schema<LeadActionMarkRecord>(
  {
    _id: { type: String, required: true },
    workspaceId: workspaceIdField,
    campaignId: { type: String, required: true },
    leadId: { type: String, required: true },
    firstMessagedAt: { type: Date },
    lastRepliedAt: { type: Date },
    // Mixed, without a default: only changed by `$min`/`$max`/`$set` on paths, which create it.
    days: { type: Schema.Types.Mixed },
  },
  recordOptions('lead_action_marks'),
);

export function leadActionMarkId(workspaceId: string, leadId: string): string {
  return `${workspaceId}|${leadId}`;
}
