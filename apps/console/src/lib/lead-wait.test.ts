// De-risks the leads table's "Why" column: it says why a waiting lead waits, from the API's
// `waitingFor`, and names the variables a paused lead lacks.
import { describe, expect, it } from 'vitest';
import { leadWaitReason, missingVariablesText } from './lead-wait.js';

describe('why a lead waits, in words', () => {
  it('names a restricted sender with the network reason and what to do', () => {
    const text = leadWaitReason({
      internalStatus: 'sender_restricted',
      waitingFor: { reason: 'sender_restricted', until: null, detail: 'account_restricted' },
    });
    expect(text).toBe(
      'LinkedIn restricted its sender: reconnect it on the Senders page, or give the lead another sender (account_restricted).',
    );
  });

  it("says until when a lead waits for its sender's limit", () => {
    const text = leadWaitReason({
      internalStatus: 'awaiting_capacity',
      waitingFor: { reason: 'capacity', until: '2030-01-02T08:00:00.000Z', detail: null },
    });
    expect(text).toMatch(/^Its sender reached today's or this week's limit, until .+\.$/);
  });

  it("falls back to the lead's state when it does not wait", () => {
    expect(leadWaitReason({ internalStatus: 'finished', waitingFor: null })).toBe('Finished the sequence.');
  });

  it('lists the variables a paused lead lacks, and says nothing when it lacks none', () => {
    expect(
      missingVariablesText({
        internalStatus: 'missing_variable',
        missingVariables: ['companyName', 'title'],
      }),
    ).toContain('Missing: {{companyName}}, {{title}}.');
    expect(missingVariablesText({ internalStatus: 'finished', missingVariables: [] })).toBeNull();
  });
});
