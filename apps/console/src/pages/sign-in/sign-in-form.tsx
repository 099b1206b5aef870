import { signInRefusal } from '../../lib/refusals.js';
import { useId, useState, type FormEvent } from 'react';

/**
 * E-mail and password, sent to the API's authentication route (better-auth's client, loaded when
 * the form is sent). `onSignedIn` runs once the session cookie is set.
 */
export function SignInForm({
  email: fixedEmail,
  submitLabel = 'Sign in',
  onSignedIn,
}: {
  /** Prefilled and fixed (an invitation names its e-mail). */
  email?: string;
  submitLabel?: string;
  onSignedIn: () => Promise<unknown>;
}) {
  const id = useId();
  const [email, setEmail] = useState(fixedEmail ?? '');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (email.trim() === '' || password === '') {
      setError('Enter your e-mail and your password.');
      return;
    }
    setBusy(true);
    setError(null);
    const { signInWithEmail } = await import('../../api/auth-client.js');
    const result = await signInWithEmail(email.trim(), password);
    if (result.ok) await onSignedIn();
    else setError(signInRefusal(result));
    setBusy(false);
  }

  return (
    <form className="stacked-form" onSubmit={(event) => void submit(event)} aria-label="Sign in">
      <label htmlFor={`${id}-email`}>E-mail</label>
      <input
        id={`${id}-email`}
        type="email"
        autoComplete="username"
        value={email}
        readOnly={fixedEmail !== undefined}
        onChange={(event) => setEmail(event.target.value)}
      />
      <label htmlFor={`${id}-password`}>Password</label>
      <input
        id={`${id}-password`}
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        aria-describedby={error ? `${id}-error` : undefined}
        aria-invalid={error ? true : undefined}
      />
      <button type="submit" className="primary" disabled={busy}>
        {busy ? 'Signing in…' : submitLabel}
      </button>
      {error && (
        <p id={`${id}-error`} className="state state-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
