import { unwrap, type components } from '@outreach/client';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { useRootApi, useSessionState } from '../../api/session.js';
import { ActionError, EmptyState, Loading } from '../../components/states.js';
import { dateTime } from '../../lib/format.js';
import { PASSWORD_HINT } from '../../lib/password.js';
import { invitationRefusal } from '../../lib/refusals.js';
import { roleAllows, roleLabel } from '../../lib/roles.js';
import { SignInForm } from '../sign-in/sign-in-form.js';

type Preview = components['schemas']['InvitationPreview'];

const route = getRouteApi('/invitations');

/**
 * An invitation link: what it offers (workspace, role, e-mail), then joining: a new account (name and
 * password), or the invitee's existing one (sign in, or join when already signed in as them).
 */
export default function InvitationPage() {
  const { token } = route.useSearch();
  const api = useRootApi();
  const preview = api.useQuery(
    'post',
    '/v1/invitation-links/preview',
    { body: { token: token ?? '' } },
    { enabled: token !== undefined, staleTime: Infinity },
  );
  return (
    <section aria-labelledby="invitation-heading" className="narrow">
      <h1 id="invitation-heading">Invitation</h1>
      {token === undefined ? (
        <EmptyState title="This page needs the invitation link you were sent." />
      ) : preview.data ? (
        <Invitation token={token} invitation={preview.data} />
      ) : preview.error ? (
        <div className="state state-error" role="alert">
          <p>
            <strong>{invitationRefusal(preview.error) ?? 'The invitation could not be read.'}</strong>
          </p>
          {!invitationRefusal(preview.error) && (
            <>
              <ActionError error={preview.error} />
              <button type="button" onClick={() => void preview.refetch()}>
                Retry
              </button>
            </>
          )}
        </div>
      ) : (
        <Loading what="the invitation" />
      )}
    </section>
  );
}

function Invitation({ token, invitation }: { token: string; invitation: Preview }) {
  const { boot, root, signedIn, signOut } = useSessionState();
  const navigate = useNavigate();
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const me = boot.status === 'signed-in' ? boot.me : null;
  const signedInAs = me?.user?.email ?? null;
  const isInvitee = signedInAs !== null && signedInAs.toLowerCase() === invitation.email.toLowerCase();

  async function accept(body: { name?: string; password?: string } = {}) {
    setBusy(true);
    setError(null);
    try {
      const { workspaceId } = await unwrap(
        root.fetchClient.POST('/v1/invitation-links/accept', { body: { token, ...body } }),
      );
      await signedIn();
      await navigate({ to: '/w/$workspaceId', params: { workspaceId } });
    } catch (caught) {
      setError(caught);
      setBusy(false);
    }
  }

  return (
    <>
      <dl className="facts">
        <dt>Workspace</dt>
        <dd>{invitation.workspaceName}</dd>
        <dt>Role</dt>
        <dd>
          {roleLabel(invitation.role)}: {roleAllows(invitation.role)}
        </dd>
        <dt>For</dt>
        <dd>{invitation.email}</dd>
        <dt>Valid until</dt>
        <dd>{dateTime(invitation.expiresAt)}</dd>
      </dl>
      {isInvitee ? (
        <p>
          <button type="button" className="primary" disabled={busy} onClick={() => void accept()}>
            Join {invitation.workspaceName}
          </button>
        </p>
      ) : signedInAs !== null ? (
        <div className="state">
          <p>
            You are signed in as {signedInAs}; this invitation is for {invitation.email}. Sign out to accept
            it as {invitation.email}.
          </p>
          <button type="button" onClick={() => void signOut()}>
            Sign out
          </button>
        </div>
      ) : invitation.hasAccount ? (
        <>
          <p>{invitation.email} already has an account: sign in to join.</p>
          <SignInForm email={invitation.email} submitLabel="Sign in and join" onSignedIn={() => accept()} />
        </>
      ) : (
        <NewAccountForm
          email={invitation.email}
          busy={busy}
          onSubmit={(name, password) => void accept({ name, password })}
        />
      )}
      {error !== null && (
        <div className="state state-error" role="alert">
          <p>
            <strong>{invitationRefusal(error) ?? 'The invitation was not accepted.'}</strong>
          </p>
          {!invitationRefusal(error) && <ActionError error={error} />}
        </div>
      )}
    </>
  );
}

function NewAccountForm({
  email,
  busy,
  onSubmit,
}: {
  email: string;
  busy: boolean;
  onSubmit: (name: string, password: string) => void;
}) {
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(name.trim(), password);
  };
  return (
    <form className="stacked-form" onSubmit={submit} aria-label="Create your account">
      <p>Create your account for {email} to join.</p>
      <label htmlFor="invitee-name">Your name</label>
      <input
        id="invitee-name"
        required
        autoComplete="name"
        value={name}
        onChange={(e) => setName(e.target.value)}
      />
      <label htmlFor="invitee-password">Password</label>
      <input
        id="invitee-password"
        type="password"
        required
        autoComplete="new-password"
        aria-describedby="invitee-password-hint"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <p id="invitee-password-hint" className="hint">
        {PASSWORD_HINT}
      </p>
      <button type="submit" className="primary" disabled={busy}>
        {busy ? 'Joining…' : 'Create account and join'}
      </button>
    </form>
  );
}
