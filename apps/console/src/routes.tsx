import {
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
  stripSearchParams,
} from '@tanstack/react-router';
import type { Permission } from './api/session.js';
import { Home, NotFound, Shell, WorkspaceLayout } from './app.js';
import { Loading } from './components/states.js';
import {
  analyticsSearch,
  auditLogSearch,
  campaignsSearch,
  inboxSearch,
  SEARCH_DEFAULTS,
  tokenSearch,
} from './route-search.js';

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
  interface StaticDataRouteOption {
    /** The page's name, for the document title and the main navigation. */
    title?: string;
    /** Opens without a session (setup, invitation and password-reset links). */
    public?: boolean;
    /** What the person's role in the workspace must allow for the page to be offered. */
    permission?: Permission;
  }
}

// The shell (sign-in, header, main landmark) around every page; unknown paths show NotFound.
const rootRoute = createRootRoute({ component: Shell, notFoundComponent: () => <NotFound /> });

// `/` opens the workspace used last (or the first one).
const homeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  staticData: { title: 'Workspaces' },
  component: Home,
});

// Pages reached from a link with a one-time token: they need no session.
const setupRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/setup',
  staticData: { title: 'Set up', public: true },
  validateSearch: tokenSearch,
  component: lazyRouteComponent(() => import('./pages/setup/setup-page.js')),
});

const invitationRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/invitations',
  staticData: { title: 'Invitation', public: true },
  validateSearch: tokenSearch,
  component: lazyRouteComponent(() => import('./pages/invitation/invitation-page.js')),
});

const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/reset-password',
  staticData: { title: 'Reset your password', public: true },
  validateSearch: tokenSearch,
  component: lazyRouteComponent(() => import('./pages/reset-password/reset-password-page.js')),
});

const sessionsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/account/sessions',
  staticData: { title: 'My sessions' },
  component: lazyRouteComponent(() => import('./pages/sessions/sessions-page.js')),
});

// Every page of a workspace: each request it makes names the workspace in the address.
const workspaceRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/w/$workspaceId',
  component: WorkspaceLayout,
});

// Every page is its own chunk: the first load carries the shell and the page opened, not all.
const campaignsRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: '/',
  staticData: { title: 'Campaigns' },
  validateSearch: campaignsSearch,
  search: { middlewares: [stripSearchParams(SEARCH_DEFAULTS.campaigns)] },
  component: lazyRouteComponent(() => import('./pages/campaigns/campaigns-page.js')),
});

const campaignRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: '/campaigns/$id',
  staticData: { title: 'Campaign' },
  component: lazyRouteComponent(() => import('./pages/campaign/campaign-page.js')),
});

const inboxRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: '/inbox',
  staticData: { title: 'Inbox' },
  validateSearch: inboxSearch,
  search: { middlewares: [stripSearchParams(SEARCH_DEFAULTS.inbox)] },
  component: lazyRouteComponent(() => import('./pages/inbox/inbox-page.js')),
});

const sendersRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: '/senders',
  staticData: { title: 'Senders' },
  component: lazyRouteComponent(() => import('./pages/senders/senders-page.js')),
});

const blockListRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: '/block-list',
  staticData: { title: 'Block list' },
  component: lazyRouteComponent(() => import('./pages/block-list/block-list-page.js')),
});

const webhooksRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: '/webhooks',
  // The API lists subscriptions only to roles that configure the workspace.
  staticData: { title: 'Webhooks', permission: 'workspace:configure' },
  component: lazyRouteComponent(() => import('./pages/webhooks/webhooks-page.js')),
});

const analyticsRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: '/analytics',
  staticData: { title: 'Analytics' },
  validateSearch: analyticsSearch,
  component: lazyRouteComponent(() => import('./pages/analytics/analytics-page.js')),
});

const membersRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: '/members',
  staticData: { title: 'Members', permission: 'people:manage' },
  component: lazyRouteComponent(() => import('./pages/members/members-page.js')),
});

const apiKeysRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: '/api-keys',
  staticData: { title: 'API keys', permission: 'people:manage' },
  component: lazyRouteComponent(() => import('./pages/api-keys/api-keys-page.js')),
});

const auditLogRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: '/audit-log',
  staticData: { title: 'Audit log', permission: 'people:manage' },
  validateSearch: auditLogSearch,
  component: lazyRouteComponent(() => import('./pages/audit-log/audit-log-page.js')),
});

const routeTree = rootRoute.addChildren([
  homeRoute,
  setupRoute,
  invitationRoute,
  resetPasswordRoute,
  sessionsRoute,
  workspaceRoute.addChildren([
    campaignsRoute,
    campaignRoute,
    inboxRoute,
    sendersRoute,
    blockListRoute,
    webhooksRoute,
    analyticsRoute,
    membersRoute,
    apiKeysRoute,
    auditLogRoute,
  ]),
]);

export const router = createRouter({
  routeTree,
  // Served under /console/ (vite.config.ts `base`): paths in routes and links are relative to it.
  basepath: import.meta.env.BASE_URL.replace(/\/$/, ''),
  defaultPendingComponent: () => <Loading what="the page" />,
});
