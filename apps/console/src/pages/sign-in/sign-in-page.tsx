import { SESSION_ENDED_NOTICE, useSessionState } from '../../api/session.js';
import { SignInForm } from './sign-in-form.js';

/** Signs a person in with their e-mail and password; API keys are for integrations. */
export function SignInPage() {
  const { signedIn, notice } = useSessionState();
  return (
    <main id="main" className="sign-in">
      <h1>Sign in to the outreach console</h1>
      {notice &&
        (notice === SESSION_ENDED_NOTICE ? (
          <p className="state state-error" role="alert">
            {notice}
          </p>
        ) : (
          <p className="state" role="status">
            {notice}
          </p>
        ))}
      <SignInForm onSignedIn={() => signedIn()} />
      <p className="hint">
        New here? An owner or admin of your workspace sends you an invitation link. Forgot your password? Ask
        an admin for a reset link (<code>pnpm admin user reset-link</code>).
      </p>
    </main>
  );
}
