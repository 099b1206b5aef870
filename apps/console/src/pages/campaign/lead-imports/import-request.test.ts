// De-risks the import form's request: each source sends only its own fields, the dedupe choices
// and a split go along as chosen, and a form missing something says what instead of asking the API.
import { describe, expect, it } from 'vitest';
import { emptyImportForm, importRequest, type ImportForm } from './import-request.js';

const form = (patch: Partial<ImportForm>): ImportForm => ({ ...emptyImportForm('acc_1'), ...patch });

describe('the request of the import form', () => {
  it('sends a pasted search with the default dedupe choices, as a dry run or for real', () => {
    const request = importRequest(
      form({ searchUrl: ' https://www.linkedin.com/search/results/people/?keywords=cfo ' }),
      true,
    );
    expect(request.body).toEqual({
      accountId: 'acc_1',
      source: {
        type: 'linkedin_search',
        url: 'https://www.linkedin.com/search/results/people/?keywords=cfo',
      },
      dedupe: { otherCampaigns: 'skip', contactedWithinDays: 30, connected: 'skip' },
      dryRun: true,
    });
    expect(importRequest(form({ searchUrl: 'https://x' }), false).body?.dryRun).toBe(false);
  });

  it('sends the split of a search by keywords, and never the split of another source', () => {
    const split = { facet: 'company_headcount' as const };
    const keywords = importRequest(
      form({ kind: 'search_keywords', searchApi: 'sales_navigator', keywords: 'cfo', split }),
      true,
    );
    expect(keywords.body).toMatchObject({
      source: { type: 'linkedin_search', api: 'sales_navigator', filters: { keywords: 'cfo' } },
      split,
    });
    expect(importRequest(form({ searchUrl: 'https://x', split }), true).body).not.toHaveProperty('split');
  });

  it('sends a file with the mapping edited for it and the dedupe choices made', () => {
    const request = importRequest(
      form({
        kind: 'file',
        file: { id: 'lfl_1', mapping: { profileUrl: 'URL' }, problems: [] },
        dedupe: { otherCampaigns: 'add', contactedWithinDays: 0, connected: 'start_at_message' },
        searchUrl: 'https://not-sent',
      }),
      false,
    );
    expect(request.body).toEqual({
      accountId: 'acc_1',
      source: { type: 'csv', fileId: 'lfl_1', mapping: { profileUrl: 'URL' } },
      dedupe: { otherCampaigns: 'add', contactedWithinDays: 0, connected: 'start_at_message' },
      dryRun: false,
    });
  });

  it('sends the other sources with their own fields only', () => {
    expect(importRequest(form({ kind: 'lead_list', listId: '70123' }), true).body?.source).toEqual({
      type: 'sales_navigator_list',
      listId: '70123',
    });
    expect(
      importRequest(
        form({ kind: 'post', postUrl: 'https://www.linkedin.com/posts/p', postKinds: ['comments'] }),
        true,
      ).body?.source,
    ).toEqual({ type: 'post_engagers', postUrl: 'https://www.linkedin.com/posts/p', kinds: ['comments'] });
    expect(importRequest(form({ kind: 'connections' }), true).body?.source).toEqual({ type: 'connections' });
  });

  it('says what is missing instead of sending', () => {
    expect(importRequest(form({ accountId: '', searchUrl: 'https://x' }), true).problem).toBe(
      'Choose the sender account the import reads through.',
    );
    expect(importRequest(form({}), true).problem).toBe('Paste the URL of the search.');
    expect(importRequest(form({ kind: 'file' }), true).problem).toBe(
      'Upload a file or paste profile URLs first.',
    );
    expect(
      importRequest(
        form({ kind: 'file', file: { id: 'lfl_1', mapping: {}, problems: ['Choose the column…'] } }),
        true,
      ).problem,
    ).toBe('Choose the column…');
    expect(importRequest(form({ kind: 'post', postUrl: 'https://p', postKinds: [] }), true).problem).toBe(
      'Choose reactions, comments or both.',
    );
    expect(
      importRequest(
        form({
          searchUrl: 'https://x',
          dedupe: { otherCampaigns: 'skip', contactedWithinDays: 400, connected: 'skip' },
        }),
        true,
      ).problem,
    ).toBe('Days since the last contact: a whole number from 0 to 365.');
  });
});
