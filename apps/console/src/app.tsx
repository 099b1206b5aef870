import {
  Link,
  Navigate,
  Outlet,
  useMatches,
  useNavigate,
  useParams,
  useRouter,
  type LinkProps,
} from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import {
  lastWorkspaceId,
  rememberWorkspace,
  useMe,
  useSessionState,
  WorkspaceProvider,
  type Me,
  type MyWorkspace,
} from './api/session.js';
import { EmptyState, ErrorPanel, Loading } from './components/states.js';
import { SignInPage } from './pages/sign-in/sign-in-page.js';

/**
 * The main navigation of a workspace, in order; each link is named by its route's title and
 * offered only when the person's role there allows its page (routes.tsx, `permission`).
 */
const NAV = [
  '/w/$workspaceId',
  '/w/$workspaceId/inbox',
  '/w/$workspaceId/senders',
  '/w/$workspaceId/block-list',
  '/w/$workspaceId/webhooks',
  '/w/$workspaceId/analytics',
  '/w/$workspaceId/members',
  '/w/$workspaceId/api-keys',
  '/w/$workspaceId/audit-log',
] as const satisfies readonly LinkProps['to'][];

/**
 * Every page's frame. Link pages (setup, invitation, password reset) open without a session; the
 * others show the sign-in page until `/v1/me` names the person, then the header and the page.
 */
export function Shell() {
  const { boot } = useSessionState();
  const isPublic = useMatches({ select: (matches) => matches.some((m) => m.staticData.public) });
  const title = useMatches({ select: (matches) => matches.at(-1)?.staticData.title });

  if (isPublic)
    return (
      <>
        <header className="shell-header">
          <span className="brand">Outreach</span>
        </header>
        <MainArea title={title ?? 'Not found'}>
          <Outlet />
        </MainArea>
      </>
    );
  if (boot.status === 'loading')
    return (
      <main id="main" className="sign-in">
        <Loading what="your session" />
      </main>
    );
  if (boot.status === 'error')
    return (
      <main id="main" className="sign-in">
        <ErrorPanel error={boot.error} what="your session" onRetry={() => window.location.reload()} />
      </main>
    );
  if (boot.status === 'signed-out') return <SignInPage />;

  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header me={boot.me} />
      {/* Only the root matches an unknown path: it has no title. */}
      <MainArea title={title ?? 'Not found'}>
        <Outlet />
      </MainArea>
    </>
  );
}

function Header({ me }: { me: Me }) {
  const router = useRouter();
  const { workspaceId } = useParams({ strict: false });
  const workspace = me.workspaces.find((w) => w.id === workspaceId);
  // A campaign's own page counts as the campaigns section in the navigation.
  const onCampaign = useMatches({
    select: (matches) => matches.some((m) => m.routeId === '/w/$workspaceId/campaigns/$id'),
  });
  return (
    <header className="shell-header">
      <span className="brand">Outreach</span>
      {me.workspaces.length > 1 && (
        <WorkspaceSwitcher workspaces={me.workspaces} current={workspace ?? null} />
      )}
      {workspace && (
        <nav aria-label="Main">
          <ul>
            {NAV.map((to) => {
              const { title, permission } = router.routesByPath[to].options.staticData ?? {};
              if (permission && !workspace.permissions.includes(permission)) return null;
              const campaigns = to === '/w/$workspaceId';
              return (
                <li key={to}>
                  {/* The router marks the link of the page shown with aria-current="page". */}
                  <Link
                    to={to}
                    params={{ workspaceId: workspace.id }}
                    activeOptions={{ includeSearch: false, exact: campaigns }}
                    aria-current={campaigns && onCampaign ? 'page' : undefined}
                  >
                    {title}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      )}
      <UserMenu me={me} />
    </header>
  );
}

/** Changes workspace: its campaigns open, and every request from then on names it. */
function WorkspaceSwitcher({
  workspaces,
  current,
}: {
  workspaces: MyWorkspace[];
  current: MyWorkspace | null;
}) {
  const navigate = useNavigate();
  return (
    <div className="workspace-switcher">
      <label htmlFor="workspace-switcher">Workspace</label>
      <select
        id="workspace-switcher"
        value={current?.id ?? ''}
        onChange={(event) =>
          void navigate({ to: '/w/$workspaceId', params: { workspaceId: event.target.value } })
        }
      >
        {!current && <option value="">Choose a workspace</option>}
        {workspaces.map((w) => (
          <option key={w.id} value={w.id}>
            {w.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The person's name, their sessions and sign-out. */
function UserMenu({ me }: { me: Me }) {
  const { signOut } = useSessionState();
  const ref = useRef<HTMLDetailsElement>(null);
  const close = () => ref.current?.removeAttribute('open');
  return (
    <details className="user-menu" ref={ref}>
      <summary>{me.user?.name ?? me.user?.email ?? 'Account'}</summary>
      <ul>
        {me.user && <li className="hint">{me.user.email}</li>}
        <li>
          <Link to="/account/sessions" onClick={close}>
            My sessions
          </Link>
        </li>
        <li>
          <button type="button" className="link-button" onClick={() => void signOut()}>
            Sign out
          </button>
        </li>
      </ul>
    </details>
  );
}

/** `/`: the workspace used last in this browser, or the first one. */
export function Home() {
  const me = useMe();
  const last = lastWorkspaceId();
  const target = me.workspaces.find((w) => w.id === last) ?? me.workspaces[0];
  if (target) return <Navigate to="/w/$workspaceId" params={{ workspaceId: target.id }} replace />;
  return (
    <section>
      <h1>No workspace yet</h1>
      <EmptyState title="You are not a member of any workspace.">
        <p>Ask an owner or admin of your agency to invite you into one.</p>
      </EmptyState>
    </section>
  );
}

/**
 * The pages of one workspace: found among those `/v1/me` lists (else not found, as the API
 * answers), with its own clients and cache; a page the role does not allow is not shown.
 */
export function WorkspaceLayout() {
  const me = useMe();
  const { workspaceId } = useParams({ from: '/w/$workspaceId' });
  const workspace = me.workspaces.find((w) => w.id === workspaceId);
  const needs = useMatches({ select: (matches) => matches.at(-1)?.staticData.permission });
  useEffect(() => {
    if (workspace) rememberWorkspace(workspace.id);
  }, [workspace]);
  if (!workspace) return <NotFound what="workspace" />;
  if (needs && !workspace.permissions.includes(needs))
    return (
      <section>
        <h1>Not available</h1>
        <p>Your role in this workspace ({workspace.role}) does not include this page.</p>
        <p>
          <Link to="/w/$workspaceId" params={{ workspaceId }}>
            Go to the campaigns
          </Link>
        </p>
      </section>
    );
  return (
    <WorkspaceProvider workspace={workspace}>
      <Outlet />
    </WorkspaceProvider>
  );
}

export function NotFound({ what = 'page' }: { what?: 'page' | 'workspace' }) {
  return (
    <section>
      <h1>{what === 'workspace' ? 'Workspace not found' : 'Page not found'}</h1>
      {what === 'workspace' && <p>It does not exist, or you are not (or no longer) a member of it.</p>}
      <p>
        <Link to="/">Go to your workspace</Link>
      </p>
    </section>
  );
}

/** The main landmark; focus moves to it on navigation so keyboard and screen-reader users follow. */
function MainArea({ title, children }: { title: string; children: React.ReactNode }) {
  const ref = useRef<HTMLElement>(null);
  const first = useRef(true);
  useEffect(() => {
    document.title = `${title} · Outreach console`;
    if (first.current) first.current = false;
    else ref.current?.focus();
  }, [title]);
  return (
    <main id="main" ref={ref} tabIndex={-1}>
      {children}
    </main>
  );
}
