import { Link, Outlet, useMatches, useRouter, type LinkProps } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useSessionState } from './api/session.js';
import { SignInPage } from './pages/sign-in/sign-in-page.js';

/** The main navigation, in order; each link is named by its route's title (routes.tsx). */
const NAV = [
  '/',
  '/inbox',
  '/senders',
  '/block-list',
  '/webhooks',
  '/analytics',
] as const satisfies readonly LinkProps['to'][];

/** Every page's frame: the sign-in page until there is a session, then the navigation and the page. */
export function Shell() {
  const { session } = useSessionState();
  const router = useRouter();
  // A campaign's own page counts as the campaigns section in the navigation.
  const onCampaign = useMatches({ select: (matches) => matches.some((m) => m.routeId === '/campaigns/$id') });
  const title = useMatches({ select: (matches) => matches.at(-1)?.staticData.title });
  if (!session) return <SignInPage />;

  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="shell-header">
        <span className="brand">Outreach</span>
        <nav aria-label="Main">
          <ul>
            {NAV.map((to) => (
              <li key={to}>
                {/* The router marks the link of the page shown with aria-current="page". */}
                <Link
                  to={to}
                  activeOptions={{ includeSearch: false }}
                  aria-current={to === '/' && onCampaign ? 'page' : undefined}
                >
                  {router.routesByPath[to].options.staticData?.title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <button type="button" className="link-button" onClick={() => session.signOut()}>
          Sign out
        </button>
      </header>
      {/* Only the root matches an unknown path: it has no title. */}
      <MainArea title={title ?? 'Not found'}>
        <Outlet />
      </MainArea>
    </>
  );
}

export function NotFound() {
  return (
    <section>
      <h1>Page not found</h1>
      <p>
        <Link to="/">Go to the campaigns</Link>
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
