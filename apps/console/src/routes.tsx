import {
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
  stripSearchParams,
} from '@tanstack/react-router';
import { NotFound, Shell } from './app.js';
import { Loading } from './components/states.js';
import { analyticsSearch, campaignsSearch, inboxSearch, SEARCH_DEFAULTS } from './route-search.js';

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
  interface StaticDataRouteOption {
    /** The page's name, for the document title and the main navigation. */
    title?: string;
  }
}

// The shell (sign-in, navigation, main landmark) around every page; unknown paths show NotFound.
const rootRoute = createRootRoute({ component: Shell, notFoundComponent: NotFound });

// Every page is its own chunk: the first load carries the shell and the page opened, not all.
const campaignsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  staticData: { title: 'Campaigns' },
  validateSearch: campaignsSearch,
  search: { middlewares: [stripSearchParams(SEARCH_DEFAULTS.campaigns)] },
  component: lazyRouteComponent(() => import('./pages/campaigns/campaigns-page.js')),
});

const campaignRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/campaigns/$id',
  staticData: { title: 'Campaign' },
  component: lazyRouteComponent(() => import('./pages/campaign/campaign-page.js')),
});

const inboxRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/inbox',
  staticData: { title: 'Inbox' },
  validateSearch: inboxSearch,
  search: { middlewares: [stripSearchParams(SEARCH_DEFAULTS.inbox)] },
  component: lazyRouteComponent(() => import('./pages/inbox/inbox-page.js')),
});

const sendersRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/senders',
  staticData: { title: 'Senders' },
  component: lazyRouteComponent(() => import('./pages/senders/senders-page.js')),
});

const blockListRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/block-list',
  staticData: { title: 'Block list' },
  component: lazyRouteComponent(() => import('./pages/block-list/block-list-page.js')),
});

const webhooksRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/webhooks',
  staticData: { title: 'Webhooks' },
  component: lazyRouteComponent(() => import('./pages/webhooks/webhooks-page.js')),
});

const analyticsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/analytics',
  staticData: { title: 'Analytics' },
  validateSearch: analyticsSearch,
  component: lazyRouteComponent(() => import('./pages/analytics/analytics-page.js')),
});

const routeTree = rootRoute.addChildren([
  campaignsRoute,
  campaignRoute,
  inboxRoute,
  sendersRoute,
  blockListRoute,
  webhooksRoute,
  analyticsRoute,
]);

export const router = createRouter({
  routeTree,
  // Served under /console/ (vite.config.ts `base`): paths in routes and links are relative to it.
  basepath: import.meta.env.BASE_URL.replace(/\/$/, ''),
  defaultPendingComponent: () => <Loading what="the page" />,
});
