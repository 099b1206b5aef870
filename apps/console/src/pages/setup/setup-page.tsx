import { unwrap } from '@outreach/client';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { useRootApi, useSessionState } from '../../api/session.js';
import { ActionError, EmptyState, QueryView } from '../../components/states.js';
import { PASSWORD_HINT } from '../../lib/password.js';

const route = getRouteApi('/setup');

/**
 * The first owner, from the one-time setup link the API printed: their name, e-mail, password and
 * agency; then into the first workspace.
 */
export default function SetupPage() {
  const { token } = route.useSearch();
  const api = useRootApi();
  const status = api.useQuery('get', '/v1/setup');
  return (
    <section aria-labelledby="setup-heading" className="narrow">
      <h1 id="setup-heading">Set up the outreach service</h1>
      <QueryView query={status} what="whether setup is needed">
        {({ needed }) =>
          !needed ? (
            <EmptyState title="Setup is done: the first owner has an account.">
              <p>
                <Link to="/">Sign in</Link>, or ask an owner or admin for an invitation.
              </p>
            </EmptyState>
          ) : !token ? (
            <EmptyState title="This page needs the setup link.">
              <p>
                Open the link the API printed when it started (<code>pnpm start</code> shows it and writes it
                as <code>setupUrl</code> in <code>.outreach/dev.json</code>).
              </p>
            </EmptyState>
          ) : (
            <SetupForm token={token} />
          )
        }
      </QueryView>
    </section>
  );
}

function SetupForm({ token }: { token: string }) {
  const { root, signedIn } = useSessionState();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [agencyName, setAgencyName] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const result = await unwrap(
        root.fetchClient.POST('/v1/setup', {
          body: {
            token,
            name: name.trim(),
            email: email.trim(),
            password,
            ...(agencyName.trim() ? { agencyName: agencyName.trim() } : {}),
          },
        }),
      );
      // The answer set the session cookie: read who is signed in, then open the first workspace.
      await signedIn();
      const first = result.workspaceIds[0];
      await navigate(first ? { to: '/w/$workspaceId', params: { workspaceId: first } } : { to: '/' });
    } catch (caught) {
      setError(caught);
      setBusy(false);
    }
  }

  return (
    <form
      className="stacked-form"
      onSubmit={(event) => void submit(event)}
      aria-label="Create the first owner"
    >
      <p>
        Nobody has an account yet. Create the first owner: you will own every workspace, and invite the
        others.
      </p>
      <label htmlFor="setup-name">Your name</label>
      <input
        id="setup-name"
        required
        autoComplete="name"
        value={name}
        onChange={(e) => setName(e.target.value)}
      />
      <label htmlFor="setup-email">E-mail</label>
      <input
        id="setup-email"
        type="email"
        required
        autoComplete="username"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <label htmlFor="setup-password">Password</label>
      <input
        id="setup-password"
        type="password"
        required
        autoComplete="new-password"
        aria-describedby="setup-password-hint"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <p id="setup-password-hint" className="hint">
        {PASSWORD_HINT}
      </p>
      <label htmlFor="setup-agency">Agency name</label>
      <input
        id="setup-agency"
        autoComplete="organization"
        value={agencyName}
        onChange={(e) => setAgencyName(e.target.value)}
      />
      <button type="submit" className="primary" disabled={busy}>
        {busy ? 'Creating…' : 'Create the owner'}
      </button>
      <ActionError error={error} />
    </form>
  );
}
