import { describe, expect, it } from 'vitest';
import { countsPipeline, toCounts, type CountsRow } from './action-analytics.js';

describe('toCounts', () => {
  it('adds InMails to messages sent and keeps distinct-lead counts apart from totals', () => {
    const row = {
      _id: null,
      invitation_sent: 4,
      invitation_accepted: 2,
      message_sent: 3,
      inmail_sent: 1,
      profile_visited: 5,
      reply_received: 3,
      leadsMessaged: 2,
      leadsReplied: 1,
      leadsRespondedToMessages: 1,
      leadsInvited: 4,
      leadsAccepted: 2,
    } satisfies CountsRow;
    expect(toCounts(row)).toEqual({
      invitationsSent: 4,
      invitationsAccepted: 2,
      messagesSent: 4,
      inmailsSent: 1,
      profileVisits: 5,
      repliesReceived: 3,
      leadsMessaged: 2,
      leadsReplied: 1,
      leadsRespondedToMessages: 1,
      leadsInvited: 4,
      leadsAccepted: 2,
    });
  });

  it('reads a missing group as all zeros', () => {
    expect(Object.values(toCounts(undefined)).every((value) => value === 0)).toBe(true);
  });
});

describe('countsPipeline', () => {
  it('groups per lead before per key, so lead counts are distinct', () => {
    const [perLead, perKey] = countsPipeline('$stepId');
    expect(perLead).toMatchObject({ $group: { _id: { key: '$stepId', leadId: '$leadId' } } });
    expect(perKey).toMatchObject({ $group: { _id: '$_id.key' } });
  });
});
