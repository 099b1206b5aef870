import type { ActionType } from '@outreach/domain';
import type { NewAction } from '../action/action.repository.js';
import type { Campaign } from '../campaign/campaign.entity.js';
import { newId, type WorkspaceId } from '../common/public-ids.js';
import type { Db } from '../db.js';
import { seedCampaign, step } from './fixtures.js';
import { must } from './must.js';

export const ACCOUNTS = ['acc_a', 'acc_b', 'acc_c'];

/** The first day of the random actions (2025-06-01, UTC); they spread over the 8 days from it. */
export const START = Date.UTC(2025, 5, 1);
const DAY = 86_400_000;

const TYPES: ActionType[] = [
  'invitation_sent',
  'invitation_accepted',
  'message_sent',
  'message_sent',
  'inmail_sent',
  'reply_received',
  'reply_received',
  'profile_visited',
];

/** A campaign with an invitation step and two message steps of two variants each, and its leads. */
export async function campaignForRandomActions(db: Db, workspaceId: WorkspaceId, leads: number) {
  const message = () => {
    const base = step('message');
    const variant = must(base.variants?.[0]);
    return { ...base, variants: [0, 1].map((order) => ({ ...variant, id: newId('variant'), order })) };
  };
  const { campaign, leads: created } = await seedCampaign(db, workspaceId, {
    steps: [step('invitation'), message(), message()],
    leads,
  });
  return { campaign, leadIds: created.map((lead) => lead.id) };
}

/**
 * A random action log for a campaign's leads: each lead 1 to 8 actions of every type over 8 days,
 * at half-hours (so a message and a reply often share a day, in either order, sometimes at the
 * same instant), replies often on a day the lead was messaged; messages and replies on one of the
 * message steps, with one of its variants or none; the lead's sender, another or none. Shuffled:
 * the order they are recorded in is not the order they happened in.
 */
export function randomActions(
  random: () => number,
  campaign: Campaign,
  leadIds: readonly string[],
  keyPrefix: string,
): NewAction[] {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const [invite, ...messageSteps] = campaign.steps;
  const actions: NewAction[] = [];
  for (const [n, leadId] of leadIds.entries()) {
    const sender = pick(ACCOUNTS);
    const messageDays: number[] = [];
    const count = 1 + Math.floor(random() * 8);
    for (let k = 0; k < count; k += 1) {
      const type = pick(TYPES);
      const day =
        type === 'reply_received' && messageDays.length > 0 && random() < 0.6
          ? pick(messageDays)
          : Math.floor(random() * 8);
      if (type === 'message_sent' || type === 'inmail_sent') messageDays.push(day);
      const step =
        type === 'message_sent' || type === 'inmail_sent' || type === 'reply_received'
          ? pick(messageSteps)
          : null;
      const variant = step !== null && random() < 0.85 ? pick(step?.variants ?? []) : null;
      const roll = random();
      actions.push({
        campaignId: campaign.id,
        leadId,
        type,
        idempotencyKey: `${keyPrefix}-${n}-${k}`,
        occurredAt: new Date(START + day * DAY + Math.floor(random() * 48) * 1_800_000),
        stepId: step?.id ?? (type.startsWith('invitation') && random() < 0.8 ? (invite?.id ?? null) : null),
        variantId: variant?.id ?? null,
        accountId: roll < 0.75 ? sender : roll < 0.9 ? pick(ACCOUNTS) : null,
      });
    }
  }
  return actions.sort(() => random() - 0.5);
}

/** A random window over the actions' days and around them: whole UTC days, or any instants. */
export function randomWindow(random: () => number): { from: Date; to: Date } {
  const span = 10 * DAY;
  const origin = START - DAY;
  if (random() < 0.4) {
    const first = Math.floor(random() * 10);
    const days = 1 + Math.floor(random() * (10 - first));
    return { from: new Date(origin + first * DAY), to: new Date(origin + (first + days) * DAY) };
  }
  const a = origin + Math.floor(random() * span);
  const b = origin + Math.floor(random() * span);
  return { from: new Date(Math.min(a, b)), to: new Date(Math.max(a, b) + 1) };
}
