import { createOutreachClient, isOutreachApiError } from '@outreach/client';
import { useState, type FormEvent } from 'react';
import { apiBaseUrl } from '../../api/api-client.js';
import { useSessionState } from '../../api/session.js';
import { describeError } from '../../lib/api-error.js';

/** Signs in with an API key, checked against the API before it is kept (for this tab only). */
export function SignInPage() {
  const { signIn, notice } = useSessionState();
  const [key, setKey] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const apiKey = key.trim();
    if (apiKey === '') {
      setError('Paste the API key of your workspace (pnpm start prints the demo key).');
      return;
    }
    setChecking(true);
    setError(null);
    try {
      const client = createOutreachClient({ baseUrl: apiBaseUrl(), apiKey, retry: { maxRetries: 0 } });
      await client.GET('/v1/accounts', { params: { query: { limit: 1 } } });
      signIn(apiKey);
    } catch (caught) {
      setError(
        isOutreachApiError(caught) && caught.status === 401
          ? 'This key was refused: it is mistyped, revoked, or belongs to another service.'
          : `${describeError(caught).message} ${describeError(caught).hint}`,
      );
    } finally {
      setChecking(false);
    }
  }

  return (
    <main id="main" className="sign-in">
      <h1>Sign in to the outreach console</h1>
      <p>
        Paste your workspace's API key. It is kept for this browser tab only and forgotten when the tab
        closes.
      </p>
      {notice && (
        <p className="state state-error" role="alert">
          {notice}
        </p>
      )}
      <form onSubmit={(event) => void submit(event)}>
        <label htmlFor="api-key">API key</label>
        <input
          id="api-key"
          name="apiKey"
          type="password"
          autoComplete="off"
          spellCheck={false}
          value={key}
          onChange={(event) => setKey(event.target.value)}
          aria-describedby={error ? 'sign-in-error' : undefined}
          aria-invalid={error ? true : undefined}
        />
        <button type="submit" disabled={checking}>
          {checking ? 'Checking…' : 'Sign in'}
        </button>
        {error && (
          <p id="sign-in-error" className="state state-error" role="alert">
            {error}
          </p>
        )}
      </form>
    </main>
  );
}
