import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export interface RouteDef {
  pattern: string;
  /** The page's name, for the document title and the navigation. */
  title: string;
  page: LazyExoticComponent<ComponentType<{ params: Record<string, string> }>>;
  /** Shown in the main navigation. */
  nav?: boolean;
}

// Every page is its own chunk: the first load carries the shell and the page opened, not all.
export const ROUTES: RouteDef[] = [
  {
    pattern: '/',
    title: 'Campaigns',
    nav: true,
    page: lazy(() => import('./pages/campaigns/campaigns-page.js')),
  },
  {
    pattern: '/campaigns/:id',
    title: 'Campaign',
    page: lazy(() => import('./pages/campaign/campaign-page.js')),
  },
  { pattern: '/inbox', title: 'Inbox', nav: true, page: lazy(() => import('./pages/inbox/inbox-page.js')) },
  {
    pattern: '/senders',
    title: 'Senders',
    nav: true,
    page: lazy(() => import('./pages/senders/senders-page.js')),
  },
  {
    pattern: '/block-list',
    title: 'Block list',
    nav: true,
    page: lazy(() => import('./pages/block-list/block-list-page.js')),
  },
  {
    pattern: '/webhooks',
    title: 'Webhooks',
    nav: true,
    page: lazy(() => import('./pages/webhooks/webhooks-page.js')),
  },
  {
    pattern: '/analytics',
    title: 'Analytics',
    nav: true,
    page: lazy(() => import('./pages/analytics/analytics-page.js')),
  },
];
