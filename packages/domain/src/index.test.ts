/** The package entry point exposes the rules and the shared vocabulary together. */
import { describe, expect, it } from 'vitest';
import * as domain from './index.js';

describe('@outreach/domain', () => {
  it('exports the vocabulary, the errors and the rules from one entry point', () => {
    for (const name of [
      'CAMPAIGN_STATUSES',
      'LIMITS',
      'DomainError',
      'DOMAIN_ERROR_KINDS',
      'startCampaign',
      'insertStep',
      'progressAfterInsert',
      'addVariant',
      'chooseVariant',
      'keywordIcpMatcher',
      'composeStepMessage',
      'distributeLeads',
      'normalizePublicIdentifier',
      'effectiveBlock',
      'planLeadImport',
      'createRandom',
      'planAction',
      'campaignProgress',
      'eventId',
      'buildEvent',
      'sampleEvent',
      'DEFAULT_CAMPAIGN_SETTINGS',
      'DEFAULT_ACCOUNT_LIMITS',
      'DEFAULT_CORE_VARIABLES',
      'staleInvitationDue',
      'acceptanceGuard',
      'mayInviteAgain',
    ]) {
      expect(domain, name).toHaveProperty(name);
    }
  });

  it('switches every core variable on by default', () => {
    expect(Object.values(domain.DEFAULT_CORE_VARIABLES)).toEqual(Array(8).fill(true));
    expect(Object.keys(domain.DEFAULT_CORE_VARIABLES)).toEqual([...domain.CORE_VARIABLES]);
  });
});
