import {
  invitationSettingsOf,
  lastDayPeriodKeys,
  NOTE_QUOTA_DAYS,
  usagePeriods,
  type InvitationSettings,
} from '@outreach/domain';
import type { RunnerAccount, RunnerStore } from '../store/runner-store.port.js';

const DAY_MS = 24 * 60 * 60 * 1000;
export const WEEK_MS = 7 * DAY_MS;
/** More than any weekly ceiling (200): the read stops there. */
const MAX_WEEKLY_LOOKUP = 500;

/**
 * What an account did in the parts of LinkedIn's rolling windows that are over: its invitations of
 * the last seven days sent before its current calendar week began, and its noted invitations of
 * the 30 days before today. A period that is over gains nothing more (a unit given back only
 * lowers its count), so a figure read once stands for the rest of the pass, and can only be too
 * high. The current period is counted by its own unit, taken atomically with what the periods over
 * leave as its cap (`reserveCapacity`, the note's unit): the windows hold across runners without a
 * read of them before every invitation. The runner forgets them at the start of every pass.
 */
export interface PastUsage {
  /** When the account's invitations of the last seven days before this week went, oldest first. */
  invitationsBeforeThisWeek(account: RunnerAccount, now: Date): Promise<Date[]>;
  /** The account's noted invitations of the 30 days before today. */
  notesBeforeToday(account: RunnerAccount, now: Date): Promise<number>;
  /** The workspace's invitation settings (withdrawal age, ceiling, guard), read once a pass. */
  invitationSettings(workspaceId: string): Promise<InvitationSettings>;
  clear(): void;
}

export function createPastUsage(
  store: Pick<RunnerStore, 'recentActionTimes' | 'usageSum' | 'invitationSettings'>,
): PastUsage {
  const invitations = new Map<string, Promise<Date[]>>();
  const notes = new Map<string, Promise<number>>();
  const settings = new Map<string, Promise<InvitationSettings>>();

  /** Read once per key; a failed read is not kept, so the next caller reads again. */
  function once<T>(entries: Map<string, Promise<T>>, key: string, read: () => Promise<T>): Promise<T> {
    const known = entries.get(key);
    if (known !== undefined) return known;
    const reading = read();
    entries.set(key, reading);
    reading.catch(() => {
      if (entries.get(key) === reading) entries.delete(key);
    });
    return reading;
  }

  return {
    invitationsBeforeThisWeek(account, now) {
      const week = usagePeriods(now, account.timezone).week;
      return once(invitations, `${account.id}|${week.key}`, async () => {
        // The window's start moves on, so the read looks back seven days from the week's start:
        // every invitation that a later moment of the week can still count.
        const times = await store.recentActionTimes(account.workspaceId, {
          accountId: account.id,
          type: 'invitation_sent',
          since: new Date(week.start.getTime() - WEEK_MS),
          limit: MAX_WEEKLY_LOOKUP,
        });
        return times.filter((time) => time < week.start);
      });
    },
    notesBeforeToday(account, now) {
      const [today, ...before] = lastDayPeriodKeys(now, account.timezone, NOTE_QUOTA_DAYS);
      return once(notes, `${account.id}|${today ?? ''}`, () =>
        store.usageSum(account.workspaceId, account.id, 'notedInvitations', before),
      );
    },
    invitationSettings(workspaceId) {
      return once(settings, workspaceId, async () =>
        invitationSettingsOf(await store.invitationSettings(workspaceId)),
      );
    },
    clear() {
      invitations.clear();
      notes.clear();
      settings.clear();
    },
  };
}
