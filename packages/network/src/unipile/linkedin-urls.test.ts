/**
 * A pasted URL decides which LinkedIn product a search runs on, hence its page size and its cap:
 * a wrong reading would ask Unipile for pages it refuses or stop a search early.
 */
import { describe, expect, it } from 'vitest';
import { PermanentNetworkError } from '../network.errors.js';
import {
  SEARCH_CAP,
  SEARCH_PAGE_MAX,
  clampSearchLimit,
  detectSearchApi,
  leadListUrl,
  postSocialId,
} from './linkedin-urls.js';

describe('the api of a pasted search URL', () => {
  it('reads classic, Sales Navigator (searches and lead lists) and Recruiter from the path', () => {
    expect(
      detectSearchApi('https://www.linkedin.com/search/results/people/?keywords=cto&origin=GLOBAL'),
    ).toBe('classic');
    expect(detectSearchApi('linkedin.com/search/results/people?keywords=cto')).toBe('classic');
    expect(detectSearchApi('http://fr.linkedin.com/search/results/people/?keywords=cto')).toBe('classic');
    expect(
      detectSearchApi('https://www.linkedin.com/sales/search/people?query=(keywords%3Asales)&sessionId=x'),
    ).toBe('sales_navigator');
    expect(detectSearchApi('https://www.linkedin.com/sales/lists/people/7123456789?sortCriteria=NAME')).toBe(
      'sales_navigator',
    );
    expect(detectSearchApi('https://www.linkedin.com/talent/search?searchContextId=1&keywords=java')).toBe(
      'recruiter',
    );
    expect(
      detectSearchApi('https://www.linkedin.com/talent/hire/123/discover/recruiterSearch?keywords=go'),
    ).toBe('recruiter');
  });

  it('finds no api in what is not a people search', () => {
    expect(detectSearchApi('https://www.linkedin.com/search/results/companies/?keywords=acme')).toBeNull();
    expect(detectSearchApi('https://www.linkedin.com/search/results/people-extra/')).toBeNull();
    expect(detectSearchApi('https://www.linkedin.com/sales/lists/people/')).toBeNull();
    expect(detectSearchApi('https://www.linkedin.com/in/ada-lovelace')).toBeNull();
    expect(detectSearchApi('https://notlinkedin.com/search/results/people/?keywords=x')).toBeNull();
    expect(detectSearchApi('ftp://www.linkedin.com/search/results/people/')).toBeNull();
    expect(detectSearchApi('not a url')).toBeNull();
  });

  it('names a lead list by its Sales Navigator URL', () => {
    expect(leadListUrl('712 3')).toBe('https://www.linkedin.com/sales/lists/people/712%203');
    expect(detectSearchApi(leadListUrl('7123'))).toBe('sales_navigator');
  });
});

describe('page sizes and caps', () => {
  it('keeps a page within 50 on classic and 100 on Sales Navigator and Recruiter', () => {
    expect(SEARCH_PAGE_MAX).toEqual({ classic: 50, sales_navigator: 100, recruiter: 100 });
    expect(clampSearchLimit('classic', 100)).toBe(50);
    expect(clampSearchLimit('sales_navigator', 500)).toBe(100);
    expect(clampSearchLimit('recruiter', 25)).toBe(25);
    expect(clampSearchLimit('classic', -3)).toBe(1);
    expect(clampSearchLimit('classic')).toBe(50);
    expect(clampSearchLimit('sales_navigator', undefined)).toBe(100);
  });

  it('caps one search at 1,000 results on classic, 2,500 on Sales Navigator and Recruiter', () => {
    expect(SEARCH_CAP).toEqual({ classic: 1000, sales_navigator: 2500, recruiter: 2500 });
  });
});

describe('the id of a post', () => {
  it('takes the social id out of a post URL, a URN or an activity number', () => {
    expect(postSocialId('https://www.linkedin.com/feed/update/urn:li:activity:7332661864792854528/')).toBe(
      'urn:li:activity:7332661864792854528',
    );
    expect(
      postSocialId('https://www.linkedin.com/feed/update/urn%3Ali%3AugcPost%3A7100000000000000001'),
    ).toBe('urn:li:ugcPost:7100000000000000001');
    expect(
      postSocialId(
        'https://www.linkedin.com/posts/ada-lovelace_engines-activity-7332661864792854528-AbCd?utm=x',
      ),
    ).toBe('urn:li:activity:7332661864792854528');
    expect(postSocialId('urn:li:share:7000000000000000000')).toBe('urn:li:share:7000000000000000000');
    expect(postSocialId(' 7332661864792854528 ')).toBe('urn:li:activity:7332661864792854528');
  });

  it('refuses anything else before any call', () => {
    expect(() => postSocialId('https://www.linkedin.com/in/ada-lovelace')).toThrow(PermanentNetworkError);
    expect(() => postSocialId('https://example.com/posts/x-activity-1-a')).toThrow(/not a LinkedIn post/);
  });
});
