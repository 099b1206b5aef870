// De-risks shared links: a page's filters, page and selection read back from its address as they
// were written, and a hand-edited or stale value opens the page with its default instead of failing.
import { describe, expect, it } from 'vitest';
import {
  analyticsSearch,
  auditLogSearch,
  campaignsSearch,
  inboxSearch,
  tokenSearch,
} from './route-search.js';

describe('search of a page', () => {
  it('reads the campaigns filters and page, and defaults what is missing', () => {
    expect(campaignsSearch.parse({ search: 'founders', status: 'paused', offset: 40 })).toEqual({
      search: 'founders',
      status: 'paused',
      offset: 40,
    });
    expect(campaignsSearch.parse({})).toEqual({ search: '', offset: 0 });
  });

  it('falls back to the default for an invalid value, keeping the valid ones', () => {
    expect(campaignsSearch.parse({ search: 42, status: 'archived', offset: -20 })).toEqual({
      search: '',
      offset: 0,
    });
    expect(campaignsSearch.parse({ status: 'active', offset: 2.5 })).toEqual({
      search: '',
      status: 'active',
      offset: 0,
    });
    expect(inboxSearch.parse({ c: '', unread: 'yes' })).toEqual({ unread: false });
    expect(analyticsSearch.parse({ from: '2021-02-30', to: 'tomorrow', sender: 'acc_1' })).toEqual({
      sender: 'acc_1',
    });
  });

  it('reads the open conversation and the unread filter, and a date range', () => {
    expect(inboxSearch.parse({ c: 'urn:li:conversation:1', unread: true })).toEqual({
      c: 'urn:li:conversation:1',
      unread: true,
    });
    expect(analyticsSearch.parse({ from: '2021-01-04', to: '2021-01-11' })).toEqual({
      from: '2021-01-04',
      to: '2021-01-11',
    });
  });

  it('reads the audit log filters, dropping an action the API would refuse', () => {
    expect(auditLogSearch.parse({ action: 'member.removed', actor: 'usr_1', after: 'c1' })).toEqual({
      action: 'member.removed',
      actor: 'usr_1',
      after: 'c1',
    });
    expect(auditLogSearch.parse({ action: 'DROP TABLE', actor: '' })).toEqual({});
  });

  it('reads a link token, and none when it is empty', () => {
    expect(tokenSearch.parse({ token: 'abc' })).toEqual({ token: 'abc' });
    expect(tokenSearch.parse({ token: '' })).toEqual({});
  });
});
