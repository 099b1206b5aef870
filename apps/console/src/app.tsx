import { Suspense, useEffect, useRef } from 'react';
import { useSessionState } from './api/session.js';
import { Loading } from './components/states.js';
import { SignInPage } from './pages/sign-in/sign-in-page.js';
import { Link, matchPath, usePath } from './router.js';
import { ROUTES } from './routes.js';

export function App() {
  const { session } = useSessionState();
  const path = usePath();
  if (!session) return <SignInPage />;

  const match = ROUTES.map((route) => ({ route, params: matchPath(route.pattern, path) })).find(
    (candidate) => candidate.params !== null,
  );
  const Page = match?.route.page;
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="shell-header">
        <span className="brand">Outreach</span>
        <nav aria-label="Main">
          <ul>
            {ROUTES.filter((route) => route.nav).map((route) => {
              const current =
                route.pattern === '/'
                  ? path === '/' || path.startsWith('/campaigns')
                  : path === route.pattern;
              return (
                <li key={route.pattern}>
                  <Link to={route.pattern} aria-current={current ? 'page' : undefined}>
                    {route.title}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <button type="button" className="link-button" onClick={() => session.signOut()}>
          Sign out
        </button>
      </header>
      <MainArea title={match?.route.title ?? 'Not found'}>
        <Suspense fallback={<Loading what="the page" />}>
          {Page && match?.params ? (
            <Page params={match.params} />
          ) : (
            <section>
              <h1>Page not found</h1>
              <p>
                <Link to="/">Go to the campaigns</Link>
              </p>
            </section>
          )}
        </Suspense>
      </MainArea>
    </>
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
