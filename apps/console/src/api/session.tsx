import { isOutreachApiError } from '@outreach/client';
import { QueryCache, QueryClient, QueryClientProvider, MutationCache } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { createApiClients, type ApiClients } from './api-client.js';

/** The key lives in sessionStorage: it is gone when the tab closes, and never shared with other tabs. */
const STORAGE_KEY = 'outreach.console.apiKey';

interface Session extends ApiClients {
  signOut: (reason?: string) => void;
}

interface SessionState {
  session: Session | null;
  /** Why the last session ended, shown on the sign-in page (e.g. a key refused with 401). */
  notice: string | null;
  signIn: (apiKey: string) => void;
}

const SessionContext = createContext<SessionState | null>(null);

function readStoredKey(): string | null {
  try {
    return window.sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [apiKey, setApiKey] = useState<string | null>(readStoredKey);
  const [notice, setNotice] = useState<string | null>(null);

  const signOut = useCallback((reason?: string) => {
    window.sessionStorage.removeItem(STORAGE_KEY);
    setApiKey(null);
    setNotice(reason ?? null);
  }, []);

  const signIn = useCallback((key: string) => {
    window.sessionStorage.setItem(STORAGE_KEY, key);
    setNotice(null);
    setApiKey(key);
  }, []);

  // One query cache per key: nothing read with one key is ever shown under another.
  const queryClient = useMemo(() => {
    const onError = (error: unknown) => {
      if (isOutreachApiError(error) && error.status === 401)
        signOut(
          'The API refused this key (revoked, or not a key of this service). Sign in with a valid key.',
        );
    };
    return new QueryClient({
      queryCache: new QueryCache({ onError }),
      mutationCache: new MutationCache({ onError }),
      defaultOptions: {
        queries: {
          staleTime: 2_000,
          // 4xx answers will not change by asking again; network blips and 5xx may.
          retry: (count, error) => count < 2 && !(isOutreachApiError(error) && error.status < 500),
        },
      },
    });
    // A new key gets a new cache.
  }, [apiKey, signOut]);

  const session = useMemo<Session | null>(
    () => (apiKey ? { ...createApiClients(apiKey), signOut } : null),
    [apiKey, signOut],
  );

  const state = useMemo(() => ({ session, notice, signIn }), [session, notice, signIn]);
  return (
    <SessionContext.Provider value={state}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </SessionContext.Provider>
  );
}

export function useSessionState(): SessionState {
  const state = useContext(SessionContext);
  if (!state) throw new Error('useSessionState outside SessionProvider');
  return state;
}

/** The signed-in session; pages are only rendered inside one. */
export function useSession(): Session {
  const { session } = useSessionState();
  if (!session) throw new Error('useSession without a signed-in session');
  return session;
}

export function useApi() {
  return useSession().api;
}
