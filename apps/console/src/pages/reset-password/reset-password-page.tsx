import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { useSessionState } from '../../api/session.js';
import { EmptyState } from '../../components/states.js';
import { PASSWORD_HINT } from '../../lib/password.js';

const route = getRouteApi('/reset-password');

export const PASSWORD_CHANGED_NOTICE = 'Password changed; sign in with the new one.';

/** A reset link (`pnpm admin user reset-link`): a new password, twice; every session then ends. */
export default function ResetPasswordPage() {
  const { token } = route.useSearch();
  const { endLocally } = useSessionState();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (!token)
    return (
      <section className="narrow">
        <h1>Reset your password</h1>
        <EmptyState title="This page needs the reset link you were given." />
      </section>
    );

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (password !== again) {
      setError('The two passwords differ: type the same one twice.');
      return;
    }
    setBusy(true);
    setError(null);
    const { resetPassword } = await import('../../api/auth-client.js');
    const result = await resetPassword(token ?? '', password);
    setBusy(false);
    if (result.ok) {
      // The API ended every session of the person: sign in again, with the new password.
      endLocally(PASSWORD_CHANGED_NOTICE);
      await navigate({ to: '/' });
    } else if (result.code === 'INVALID_TOKEN')
      setError('This reset link no longer works (used or expired): ask an admin for a new one.');
    else setError(result.message);
  }

  return (
    <section aria-labelledby="reset-heading" className="narrow">
      <h1 id="reset-heading">Reset your password</h1>
      <form
        className="stacked-form"
        onSubmit={(event) => void submit(event)}
        aria-label="Choose a new password"
      >
        <label htmlFor="new-password">New password</label>
        <input
          id="new-password"
          type="password"
          required
          autoComplete="new-password"
          aria-describedby="new-password-hint"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <p id="new-password-hint" className="hint">
          {PASSWORD_HINT}
        </p>
        <label htmlFor="new-password-again">New password again</label>
        <input
          id="new-password-again"
          type="password"
          required
          autoComplete="new-password"
          value={again}
          onChange={(e) => setAgain(e.target.value)}
        />
        <button type="submit" className="primary" disabled={busy}>
          {busy ? 'Changing…' : 'Change password'}
        </button>
        {error && (
          <p className="state state-error" role="alert">
            {error}
          </p>
        )}
      </form>
    </section>
  );
}
