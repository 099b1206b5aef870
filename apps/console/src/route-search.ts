import { useLocation } from '@tanstack/react-router';
import { useMemo } from 'react';
import * as z from 'zod/mini';
import { CAMPAIGN_STATUSES } from './pages/campaigns/campaign-status.js';

/**
 * The search (query string) of each page that keeps its filters, page or selection in the
 * address, so that a link to it can be shared. Every value is checked: one that is missing or
 * invalid (a hand-edited or stale link) reads as the page's default instead of failing the page.
 * The defaults are left out of the address (`SEARCH_DEFAULTS`, stripped by routes.tsx).
 */
export const campaignsSearch = z.object({
  /** The name searched for. */
  search: z.catch(z._default(z.string(), ''), ''),
  status: z.catch(z.optional(z.enum(CAMPAIGN_STATUSES)), undefined),
  /** The first campaign of the page shown (a multiple of the page size, as the API pages). */
  offset: z.catch(z._default(z.int().check(z.nonnegative()), 0), 0),
});

export type CampaignsSearch = z.input<typeof campaignsSearch>;

export const inboxSearch = z.object({
  /** The conversation open (its URN). */
  c: z.catch(z.optional(z.string().check(z.minLength(1))), undefined),
  unread: z.catch(z._default(z.boolean(), false), false),
});

export type InboxSearch = z.input<typeof inboxSearch>;

export const analyticsSearch = z.object({
  /** The first and last days counted (YYYY-MM-DD); without them the API picks the window. */
  from: z.catch(z.optional(z.iso.date()), undefined),
  to: z.catch(z.optional(z.iso.date()), undefined),
  /** One sender's account id; all senders without it. */
  sender: z.catch(z.optional(z.string().check(z.minLength(1))), undefined),
});

export type AnalyticsSearch = z.input<typeof analyticsSearch>;

/** The one-time token of a setup, invitation or password-reset link. */
export const tokenSearch = z.object({
  token: z.catch(z.optional(z.string().check(z.minLength(1), z.maxLength(200))), undefined),
});

export type TokenSearch = z.input<typeof tokenSearch>;

/** The audit log's filters (as the API takes them: `a.b_c` actions, an actor's id) and its page. */
export const auditLogSearch = z.object({
  action: z.catch(z.optional(z.string().check(z.maxLength(100), z.regex(/^[a-z_.]+$/))), undefined),
  actor: z.catch(z.optional(z.string().check(z.minLength(1), z.maxLength(100))), undefined),
  /** The cursor of the page shown (the previous page's `nextCursor`); the newest entries without it. */
  after: z.catch(z.optional(z.string().check(z.minLength(1), z.maxLength(500))), undefined),
});

export type AuditLogSearch = z.input<typeof auditLogSearch>;

export const SEARCH_DEFAULTS = {
  campaigns: { search: '', offset: 0 },
  inbox: { unread: false },
} as const;

/**
 * The search of the page shown, validated with its schema, as the address is right now. The
 * router's own `useSearch` follows a navigation a moment later (the route's matches commit in a
 * transition), and a form control fed from it is set back to the old value in between: a text box
 * would move its caret to the end at every keystroke (TanStack Router issue #6620).
 */
export function useLiveSearch<T>(schema: z.ZodMiniType<T>): T {
  const search = useLocation({ select: (location) => location.search });
  return useMemo(() => schema.parse(search), [schema, search]);
}
