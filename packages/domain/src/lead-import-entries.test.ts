/**
 * De-risks how a page's people become entries and leads: a hidden profile stays an entry (judged
 * invalid, never dropped), relations count as connections, a CSV row keeps its line, and every
 * part of every source asks the network (or the file) for the right thing.
 */
import { describe, expect, it } from 'vitest';
import { entryOfFileRow, entryOfListedPerson, sourcePageRequest } from './lead-import-entries.js';
import { judgeImportPage, DEFAULT_IMPORT_DEDUPE } from './lead-import-job.rules.js';

describe('entries of a page', () => {
  it('keep a listed person’s profile, with a profile URL from the identifier', () => {
    const { entry, profile } = entryOfListedPerson({
      publicIdentifier: 'ada-lovelace',
      firstName: 'Ada',
      lastName: ' Lovelace ',
      headline: 'Analyst',
      company: '',
      networkDistance: 2,
      invitationPending: false,
    });
    expect(entry).toEqual({ publicIdentifier: 'ada-lovelace', networkDistance: 2, invitationPending: false });
    expect(profile).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      name: 'Ada Lovelace',
      headline: 'Analyst',
      networkUrl: 'https://www.linkedin.com/in/ada-lovelace/',
    });
  });

  it('judge a hidden profile invalid and a relation connected', () => {
    const hidden = entryOfListedPerson({
      publicIdentifier: null,
      firstName: 'LinkedIn',
      lastName: 'Member',
      headline: null,
    });
    const relation = entryOfListedPerson(
      { publicIdentifier: 'grace', firstName: null, lastName: null, headline: null },
      true,
    );
    const verdicts = judgeImportPage(
      [hidden.entry, relation.entry],
      {
        seenInImport: new Set(),
        inCampaign: new Set(),
        inOtherActiveCampaign: new Set(),
        contactedRecently: new Set(),
        blocked: new Set(),
      },
      { dedupe: DEFAULT_IMPORT_DEDUPE, connectionsSource: false },
    );
    expect(verdicts.map((v) => (v.outcome === 'added' ? v.outcome : v.reason))).toEqual([
      'invalid',
      'already_connected',
    ]);
  });

  it('turn a CSV row into a lead by its URL or identifier, or an invalid entry with the reason', () => {
    const row = entryOfFileRow({
      line: 7,
      lead: {
        networkUrl: 'https://www.linkedin.com/in/alan-t/',
        firstName: 'Alan',
        email: 'alan@example.com',
        customVariables: { team: 'ops' },
      },
    });
    expect(row).toEqual({
      entry: { publicIdentifier: 'https://www.linkedin.com/in/alan-t/' },
      profile: {
        firstName: 'Alan',
        name: 'Alan',
        networkUrl: 'https://www.linkedin.com/in/alan-t/',
        email: 'alan@example.com',
        customVariables: { team: 'ops' },
      },
      line: 7,
    });
    expect(entryOfFileRow({ line: 9, invalid: 'column "E-mail": must be an e-mail address' })).toEqual({
      entry: { publicIdentifier: null, invalid: 'column "E-mail": must be an e-mail address' },
      profile: {},
      line: 9,
    });
  });
});

describe('the request of a part’s page', () => {
  it('asks each source for its own kind of page', () => {
    expect(sourcePageRequest({ type: 'linkedin_search', url: 'https://x' }, { kind: 'whole' })).toEqual({
      kind: 'search',
      search: { url: 'https://x' },
    });
    expect(
      sourcePageRequest(
        { type: 'linkedin_search', api: 'classic', filters: { keywords: 'a' } },
        { kind: 'filters', api: 'classic', filters: { keywords: 'a', location: ['1'] }, label: 'location=1' },
      ),
    ).toEqual({ kind: 'search', search: { api: 'classic', filters: { keywords: 'a', location: ['1'] } } });
    expect(sourcePageRequest({ type: 'sales_navigator_list', listId: 'l1' }, { kind: 'whole' })).toEqual({
      kind: 'lead_list',
      listId: 'l1',
    });
    expect(
      sourcePageRequest(
        { type: 'post_engagers', postUrl: 'https://p', kinds: ['reactions', 'comments'] },
        { kind: 'engagement', engagement: 'comments', label: 'comments' },
      ),
    ).toEqual({ kind: 'post_engagers', post: 'https://p', engagement: 'comments' });
    expect(sourcePageRequest({ type: 'connections' }, { kind: 'whole' })).toEqual({ kind: 'relations' });
    expect(sourcePageRequest({ type: 'csv', fileId: 'lfl_1', mapping: {} }, { kind: 'whole' })).toEqual({
      kind: 'file',
      fileId: 'lfl_1',
    });
  });
});
