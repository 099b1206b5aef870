import { createAuthClient } from 'better-auth/client';
import { apiBaseUrl } from './api-client.js';

/**
 * The authentication routes of the API (better-auth, at `/api/auth` on the same origin), through
 * better-auth's own client. It is loaded on demand (sign-in, sign-out, password reset), so pages
 * opened with a session already running never download it. The session itself is an HttpOnly
 * cookie: nothing here reads or stores it.
 */
const auth = createAuthClient({
  baseURL: `${apiBaseUrl()}/api/auth`,
  // The console reads who is signed in from GET /v1/me: no session polling or refetch on focus.
  sessionOptions: { refetchOnWindowFocus: false, refetchInterval: 0 },
  disableDefaultFetchPlugins: true,
  // The cookie is the API's own, on this origin: never sent anywhere else.
  fetchOptions: { credentials: 'same-origin' },
});

/** What an authentication call came to, in words the pages show as they are. */
export type AuthResult =
  | { ok: true }
  | {
      ok: false;
      status: number;
      /** The API's own message, when it gave one. */
      message: string;
      /** The library's code, e.g. `INVALID_TOKEN`. */
      code: string | null;
      /** On 429: how long to wait before trying again. */
      retryAfterSeconds: number | null;
    };

async function call(run: (onError: (ctx: { response: Response }) => void) => Promise<{ error: unknown }>) {
  let retryAfter: string | null = null;
  try {
    const { error } = await run(({ response }) => {
      retryAfter = response.headers.get('retry-after');
    });
    if (!error) return { ok: true } as const;
    const { status, message, statusText, code } = error as {
      status?: number;
      message?: string;
      statusText?: string;
      code?: string;
    };
    const seconds = retryAfter === null ? NaN : Number(retryAfter);
    return {
      ok: false,
      status: status ?? 0,
      message: message || statusText || 'The service refused.',
      code: code ?? null,
      retryAfterSeconds: Number.isFinite(seconds) ? seconds : null,
    } as const;
  } catch {
    return {
      ok: false,
      status: 0,
      message: 'The service could not be reached.',
      code: null,
      retryAfterSeconds: null,
    } as const;
  }
}

export function signInWithEmail(email: string, password: string): Promise<AuthResult> {
  return call((onError) => auth.signIn.email({ email, password }, { onError }));
}

export function signOutOfApi(): Promise<AuthResult> {
  return call((onError) => auth.signOut({ fetchOptions: { onError } }));
}

export function resetPassword(token: string, newPassword: string): Promise<AuthResult> {
  return call((onError) => auth.resetPassword({ token, newPassword }, { onError }));
}
