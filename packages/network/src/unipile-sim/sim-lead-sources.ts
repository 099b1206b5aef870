import { FIRST_NAMES, LAST_NAMES, type OutcomeOracle } from '../simulation/outcome-oracle.js';
import { type PersonFacets, facetsOf } from './sim-search-catalog.js';
import { type SimFilters, hasFilters, matchesFilters } from './sim-search-filters.js';
import type { UnipileSimSettings } from './sim-settings.js';

/**
 * The people lead sources list: searches, Sales Navigator lead lists, a post's engagers. A
 * population is an ordered list of people derived from a key and a size, so the same search lists
 * the same people in the same order after a restart. A test sets a search's size by its keywords
 * (`POST /_sim/searches`), a list or a post may take its people from a search (`fromKeywords`), so
 * that one person shows in two sources.
 */

/** A population: how many people, and the nth of them (0-based). */
export interface Population {
  total: number;
  at(index: number): string;
}

export interface SimLeadList {
  id: string;
  name: string;
  size: number;
  /** The search whose first `size` people the list holds; null: people of its own. */
  fromKeywords: string | null;
}

export interface SimPost {
  reactions: number;
  comments: number;
  /** Commenters who also reacted: the last `overlap` reactors are the first commenters. */
  overlap: number;
  fromKeywords: string | null;
}

/** Keywords as LinkedIn matches them: case and spacing do not matter. */
export function normaliseKeywords(keywords: string): string {
  return keywords.trim().toLowerCase().replace(/\s+/g, ' ');
}

/** A cache entry per filtered population; the unfiltered ones are computed on demand. */
const CACHE_MAX = 200;
/** People whose facets are kept (a facet costs a few hashes; a split reads a population once per part). */
const FACETS_MAX = 200_000;

export class SimLeadSources {
  private readonly totals = new Map<string, number>();
  private readonly posts = new Map<string, SimPost>();
  private readonly lists = new Map<string, SimLeadList[]>();
  private readonly filtered = new Map<string, number[]>();
  private readonly facets = new Map<string, PersonFacets>();

  constructor(
    private readonly oracle: OutcomeOracle,
    private readonly settings: UnipileSimSettings,
  ) {}

  /** "A search for these keywords has `total` results" (LinkedIn's `total_count`). */
  setSearchTotal(keywords: string, total: number): void {
    this.totals.set(normaliseKeywords(keywords), total);
    this.filtered.clear();
  }

  searchTotal(keywords: string): number {
    return this.totals.get(normaliseKeywords(keywords)) ?? this.settings.searchDefaultTotal;
  }

  /** The nth person of a population: a public identifier in LinkedIn's form, names first. */
  personAt(populationKey: string, index: number): string {
    const hex = this.oracle.digest('person', populationKey, index);
    const first = FIRST_NAMES[parseInt(hex.slice(0, 4), 16) % FIRST_NAMES.length] ?? 'alex';
    const last = LAST_NAMES[parseInt(hex.slice(4, 8), 16) % LAST_NAMES.length] ?? 'martin';
    return `${first.toLowerCase()}-${last.toLowerCase()}-${hex.slice(8, 16)}`;
  }

  /** The people of a search's keywords, narrowed by its filters. */
  search(keywords: string, filters: SimFilters): Population {
    const key = `kw:${normaliseKeywords(keywords)}`;
    return this.narrow(key, this.searchTotal(keywords), filters);
  }

  /** The people of a lead list, narrowed by filters (a list URL carries none). */
  listPeople(list: SimLeadList, filters: SimFilters = {}): Population {
    const key = list.fromKeywords === null ? `list:${list.id}` : `kw:${normaliseKeywords(list.fromKeywords)}`;
    return this.narrow(key, list.size, filters);
  }

  private narrow(key: string, size: number, filters: SimFilters): Population {
    if (!hasFilters(filters)) return { total: size, at: (index) => this.personAt(key, index) };
    const cacheKey = `${key}|${size}|${JSON.stringify(filters)}`;
    let indices = this.filtered.get(cacheKey);
    if (!indices) {
      indices = [];
      for (let index = 0; index < size; index++) {
        if (matchesFilters(this.facetsOf(this.personAt(key, index)), filters)) indices.push(index);
      }
      if (this.filtered.size >= CACHE_MAX) this.filtered.clear();
      this.filtered.set(cacheKey, indices);
    }
    const kept = indices;
    return { total: kept.length, at: (index) => this.personAt(key, kept[index] ?? 0) };
  }

  private facetsOf(publicIdentifier: string): PersonFacets {
    let facets = this.facets.get(publicIdentifier);
    if (!facets) {
      facets = facetsOf(this.oracle, publicIdentifier);
      if (this.facets.size >= FACETS_MAX) this.facets.clear();
      this.facets.set(publicIdentifier, facets);
    }
    return facets;
  }

  /**
   * The account's lead lists. A Sales Navigator account starts with two of its own (sizes drawn
   * from the seed); lists added by a test come after them. Other accounts have none.
   */
  leadLists(accountId: string, hasSalesNavigator: boolean): SimLeadList[] {
    if (!hasSalesNavigator) return [];
    let lists = this.lists.get(accountId);
    if (!lists) {
      lists = [
        this.newList(
          accountId,
          'Saved leads',
          40 + Math.floor(this.oracle.draw('list-size', accountId, 0) * 160),
        ),
        this.newList(
          accountId,
          'Decision makers',
          20 + Math.floor(this.oracle.draw('list-size', accountId, 1) * 80),
        ),
      ];
      this.lists.set(accountId, lists);
    }
    return lists;
  }

  addLeadList(
    accountId: string,
    input: { name: string; size: number; fromKeywords?: string | undefined },
  ): SimLeadList {
    const lists = this.leadLists(accountId, true);
    const list = this.newList(accountId, input.name, input.size, input.fromKeywords ?? null);
    lists.push(list);
    return list;
  }

  private newList(
    accountId: string,
    name: string,
    size: number,
    fromKeywords: string | null = null,
  ): SimLeadList {
    const n = this.lists.get(accountId)?.length ?? 0;
    // LinkedIn's list ids are long numbers.
    const id = String(
      7_000_000_000_000 +
        (parseInt(this.oracle.digest('lead-list', accountId, name, n).slice(0, 10), 16) % 1e12),
    );
    return { id, name, size, fromKeywords };
  }

  /** A post's engagement: set by a test, or drawn from the post's id. */
  post(postId: string): SimPost {
    const set = this.posts.get(postId);
    if (set) return set;
    const reactions = 20 + Math.floor(this.oracle.draw('post-reactions', postId) * 200);
    const comments = 5 + Math.floor(this.oracle.draw('post-comments', postId) * 60);
    return {
      reactions,
      comments,
      overlap: Math.min(reactions, Math.floor(comments * 0.3)),
      fromKeywords: null,
    };
  }

  setPost(postId: string, post: SimPost): void {
    this.posts.set(postId, { ...post, overlap: Math.min(post.overlap, post.reactions, post.comments) });
  }

  /** The reactors (first) and commenters (second) of a post, from one population. */
  postPeople(postId: string): { reactors: Population; commenters: Population } {
    const post = this.post(postId);
    const key = post.fromKeywords === null ? `post:${postId}` : `kw:${normaliseKeywords(post.fromKeywords)}`;
    const first = post.reactions - post.overlap;
    return {
      reactors: { total: post.reactions, at: (index) => this.personAt(key, index) },
      commenters: { total: post.comments, at: (index) => this.personAt(key, first + index) },
    };
  }

  clear(): void {
    this.totals.clear();
    this.posts.clear();
    this.lists.clear();
    this.filtered.clear();
    this.facets.clear();
  }
}
