import { SEARCH_PAGE_SIZE_MAX, SEARCH_RESULT_CAP, searchPageSize } from '@outreach/domain';
import { PermanentNetworkError } from '../network.errors.js';
import type { SearchApi } from '../provider/lead-sources.port.js';

/**
 * LinkedIn URLs as the lead sources take them: a pasted search (its api told by its path), a Sales
 * Navigator lead list, a post. Pure functions: nothing here calls the network.
 *
 * Page sizes and caps are the domain's (`lead-sources.rules.ts`, each with its source): 50 a page
 * on classic, 100 on Sales Navigator and Recruiter
 * (https://developer.unipile.com/reference/linkedincontroller_search); 1,000 results of one
 * classic search, 2,500 of a Sales Navigator or Recruiter one.
 */
export const SEARCH_PAGE_MAX: Readonly<Record<SearchApi, number>> = SEARCH_PAGE_SIZE_MAX;
export const SEARCH_CAP: Readonly<Record<SearchApi, number>> = SEARCH_RESULT_CAP;

/** The page size sent for a search on `api`: the requested one within 1 and the api's maximum. */
export function clampSearchLimit(api: SearchApi, limit?: number | null): number {
  return searchPageSize(api, limit);
}

function parseUrl(text: string): URL | null {
  const trimmed = text.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  try {
    const url = new URL(withScheme);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    const host = url.hostname.toLowerCase();
    return host === 'linkedin.com' || host.endsWith('.linkedin.com') ? url : null;
  } catch {
    return null;
  }
}

/**
 * The api of a pasted LinkedIn URL, or null when it is not a people search, a lead list or a
 * Recruiter page: `/search/results/people` is classic, `/sales/search/people` and
 * `/sales/lists/people/<id>` Sales Navigator, `/talent/...` Recruiter. Unipile takes such URLs as
 * they are (https://developer.unipile.com/docs/linkedin-search: "copy paste URL from any search
 * result, saved search or list of leads").
 */
export function detectSearchApi(url: string): SearchApi | null {
  const parsed = parseUrl(url);
  if (!parsed) return null;
  const path = parsed.pathname.toLowerCase().replace(/\/+$/, '');
  if (path === '/search/results/people') return 'classic';
  if (path === '/sales/search/people') return 'sales_navigator';
  if (/^\/sales\/lists\/people\/[^/]+$/.test(path)) return 'sales_navigator';
  if (path.startsWith('/talent/')) return 'recruiter';
  return null;
}

/** The search URL of a Sales Navigator lead list. */
export function leadListUrl(listId: string): string {
  return `https://www.linkedin.com/sales/lists/people/${encodeURIComponent(listId)}`;
}

const URN = /^urn:li:(activity|share|ugcPost):(\d+)$/;

/**
 * The id Unipile's post routes take (its `social_id`, e.g. `urn:li:activity:7332661864792854528`)
 * from a post URL (`/feed/update/urn:li:...`, `/posts/<author>_<slug>-activity-<id>-<code>`), a
 * URN, or the bare activity number. Anything else is refused before any call.
 */
export function postSocialId(post: string): string {
  const text = post.trim();
  if (URN.test(text)) return text;
  if (/^\d+$/.test(text)) return `urn:li:activity:${text}`;
  const parsed = parseUrl(text);
  if (parsed) {
    const path = decodeURIComponent(parsed.pathname);
    const urn = /\/feed\/update\/(urn:li:(?:activity|share|ugcPost):\d+)/.exec(path);
    if (urn?.[1]) return urn[1];
    const slug = /^\/posts\/[^/]*-(activity|share|ugcPost)-(\d+)(?:-[^/]*)?\/?$/.exec(path);
    if (slug?.[1] && slug[2]) return `urn:li:${slug[1]}:${slug[2]}`;
  }
  throw new PermanentNetworkError('invalid_post', `not a LinkedIn post URL or id: ${text.slice(0, 200)}`);
}
