import { isOutreachApiError, unwrap, type components } from '@outreach/client';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { createApiClients, type ApiClients } from './api-client.js';

export type Me = components['schemas']['Me'];
export type MyWorkspace = components['schemas']['MyWorkspace'];
export type Permission = components['schemas']['WorkspacePermission'];

export const SESSION_ENDED_NOTICE =
  'Your session ended (signed out elsewhere, expired, or your access changed). Sign in again.';

/**
 * Set while a session is open in this browser, so that a 401 when the console opens can say the
 * session ended rather than greet a first visit with it. Holds no secret: the session is an
 * HttpOnly cookie the console never sees.
 */
const SIGNED_IN_FLAG = 'outreach.console.signedIn';
/** The workspace opened last, for `/`. */
const LAST_WORKSPACE = 'outreach.console.workspace';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function lastWorkspaceId(): string | null {
  return storage()?.getItem(LAST_WORKSPACE) ?? null;
}

export function rememberWorkspace(workspaceId: string): void {
  storage()?.setItem(LAST_WORKSPACE, workspaceId);
}

export type Boot =
  | { status: 'loading' }
  | { status: 'signed-out' }
  | { status: 'signed-in'; me: Me }
  | { status: 'error'; error: unknown };

/** A workspace's clients (every request names it) and its own query cache. */
export interface WorkspaceClients extends ApiClients {
  queryClient: QueryClient;
}

interface SessionState {
  boot: Boot;
  /** Why the last session ended, or what to do next, shown on the sign-in page. */
  notice: string | null;
  /** After a sign-in (password, setup, an accepted invitation): who is signed in, with empty caches. */
  signedIn: (notice?: string | null) => Promise<Me | null>;
  /** Signs out at the API, then forgets everything read. */
  signOut: () => Promise<void>;
  /** Back to the sign-in page without asking the API (the session is already over). */
  endLocally: (notice: string | null) => void;
  /** Reads `/v1/me` again: a workspace answered 404 or 403, the person's access may have changed. */
  refreshMe: () => void;
  /** The person's own routes (no workspace). */
  root: ApiClients;
  workspace: (workspaceId: string) => WorkspaceClients;
}

const SessionContext = createContext<SessionState | null>(null);

interface ErrorHandlers {
  sessionEnded: () => void;
  refreshMe: () => void;
}

function newQueryClient(handlers: ErrorHandlers, inWorkspace: boolean): QueryClient {
  const onError = (error: unknown) => {
    if (!isOutreachApiError(error)) return;
    if (error.status === 401) handlers.sessionEnded();
    // Removed from the workspace, or a role changed: /v1/me says what is left.
    else if (inWorkspace && (error.code === 'workspace_not_found' || error.code === 'forbidden'))
      handlers.refreshMe();
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
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [boot, setBoot] = useState<Boot>({ status: 'loading' });
  const [notice, setNotice] = useState<string | null>(null);
  // Every sign-in and sign-out starts a new epoch: new caches, so nothing read by one person (or
  // before a sign-out) is ever shown to the next.
  const [epoch, setEpoch] = useState(0);
  const root = useMemo(() => createApiClients(), []);
  const handlers = useRef<ErrorHandlers>({ sessionEnded: () => {}, refreshMe: () => {} });

  const caches = useMemo(
    () => ({
      root: newQueryClient(handlers.current, false),
      workspaces: new Map<string, WorkspaceClients>(),
    }),
    // A new epoch is a new person or none: new caches.
    [epoch],
  );
  const cachesRef = useRef(caches);
  cachesRef.current = caches;

  const dropCaches = useCallback(() => {
    cachesRef.current.root.clear();
    for (const clients of cachesRef.current.workspaces.values()) clients.queryClient.clear();
    setEpoch((n) => n + 1);
  }, []);

  const endLocally = useCallback(
    (reason: string | null) => {
      storage()?.removeItem(SIGNED_IN_FLAG);
      setNotice(reason);
      setBoot({ status: 'signed-out' });
      dropCaches();
    },
    [dropCaches],
  );

  const loadMe = useCallback(async (): Promise<Me | null> => {
    try {
      const me = await unwrap(root.fetchClient.GET('/v1/me'));
      storage()?.setItem(SIGNED_IN_FLAG, '1');
      setBoot({ status: 'signed-in', me });
      return me;
    } catch (error) {
      if (isOutreachApiError(error) && error.status === 401) {
        const wasSignedIn = storage()?.getItem(SIGNED_IN_FLAG) === '1';
        if (wasSignedIn) endLocally(SESSION_ENDED_NOTICE);
        else setBoot({ status: 'signed-out' });
        return null;
      }
      // Keep what is shown when only a refresh failed.
      setBoot((now) => (now.status === 'signed-in' ? now : { status: 'error', error }));
      return null;
    }
  }, [root, endLocally]);

  // Who is signed in, once when the console opens.
  useEffect(() => {
    void loadMe();
  }, [loadMe]);

  const refreshing = useRef<Promise<unknown> | null>(null);
  const refreshMe = useCallback(() => {
    refreshing.current ??= loadMe().finally(() => (refreshing.current = null));
  }, [loadMe]);

  handlers.current.sessionEnded = () => endLocally(SESSION_ENDED_NOTICE);
  handlers.current.refreshMe = refreshMe;

  const signedIn = useCallback(
    async (next: string | null = null) => {
      dropCaches();
      setNotice(next);
      return loadMe();
    },
    [dropCaches, loadMe],
  );

  const signOut = useCallback(async () => {
    const { signOutOfApi } = await import('./auth-client.js');
    await signOutOfApi();
    endLocally(null);
  }, [endLocally]);

  const workspace = useCallback(
    (workspaceId: string): WorkspaceClients => {
      let clients = caches.workspaces.get(workspaceId);
      if (!clients) {
        clients = { ...createApiClients(workspaceId), queryClient: newQueryClient(handlers.current, true) };
        caches.workspaces.set(workspaceId, clients);
      }
      return clients;
    },
    [caches],
  );

  const state = useMemo<SessionState>(
    () => ({ boot, notice, signedIn, signOut, endLocally, refreshMe, root, workspace }),
    [boot, notice, signedIn, signOut, endLocally, refreshMe, root, workspace],
  );
  return (
    <SessionContext.Provider value={state}>
      <QueryClientProvider client={caches.root}>{children}</QueryClientProvider>
    </SessionContext.Provider>
  );
}

export function useSessionState(): SessionState {
  const state = useContext(SessionContext);
  if (!state) throw new Error('useSessionState outside SessionProvider');
  return state;
}

/** The signed-in person; only rendered once `/v1/me` answered. */
export function useMe(): Me {
  const { boot } = useSessionState();
  if (boot.status !== 'signed-in') throw new Error('useMe without a signed-in person');
  return boot.me;
}

interface WorkspaceState {
  workspace: MyWorkspace;
  clients: WorkspaceClients;
}

const WorkspaceContext = createContext<WorkspaceState | null>(null);

/** The workspace of the pages under `/w/$workspaceId`: its clients and its own query cache. */
export function WorkspaceProvider({ workspace, children }: { workspace: MyWorkspace; children: ReactNode }) {
  const clients = useSessionState().workspace(workspace.id);
  const state = useMemo(() => ({ workspace, clients }), [workspace, clients]);
  return (
    <WorkspaceContext.Provider value={state}>
      <QueryClientProvider client={clients.queryClient}>{children}</QueryClientProvider>
    </WorkspaceContext.Provider>
  );
}

export function useWorkspace(): MyWorkspace {
  const state = useContext(WorkspaceContext);
  if (!state) throw new Error('useWorkspace outside a workspace page');
  return state.workspace;
}

/** The workspace page's typed hooks: every request names the workspace. */
export function useApi() {
  const state = useContext(WorkspaceContext);
  if (!state) throw new Error('useApi outside a workspace page');
  return state.clients.api;
}

/**
 * The workspace page's typed client itself, for what the query hooks cannot hand over: an answer
 * read as a file (a CSV download) with its headers.
 */
export function useFetchClient() {
  const state = useContext(WorkspaceContext);
  if (!state) throw new Error('useFetchClient outside a workspace page');
  return state.clients.fetchClient;
}

/** Whether the person's role in the workspace shown allows this; controls it does not are not offered. */
export function useCan(permission: Permission): boolean {
  return useContext(WorkspaceContext)?.workspace.permissions.includes(permission) ?? false;
}

/** The person's own routes (`/v1/me`, `/v1/sessions`, setup, invitation links), without a workspace. */
export function useRootApi() {
  return useSessionState().root.api;
}
