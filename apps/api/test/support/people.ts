/**
 * People for the tests: the first owner through the setup link, others by invitation, sign-in
 * over better-auth's route, and requests made the way a browser makes them (session cookie, the
 * workspace in `x-workspace-id`, and the app's own Origin on requests that change something).
 * Plain `fetch`: these flows read and send cookies, which the contract-checking client does not.
 */
import { SESSION_COOKIE } from '../../src/auth/better-auth.js';
import type { TestApp } from './test-app.js';

export interface Answer<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
}

export interface Caller {
  /** `name=value` of the session cookie. */
  cookie?: string;
  apiKey?: string;
  workspaceId?: string;
}

export interface CallOptions {
  json?: unknown;
  /** The Origin header: the app's own by default on changes, `null` to leave it out. */
  origin?: string | null;
  headers?: Record<string, string>;
}

export interface SignedInPerson {
  email: string;
  password: string;
  userId: string;
  cookie: string;
}

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
let counter = 0;

/** A passphrase the policy accepts (long, not common, no name or e-mail in it). */
export function passphrase(): string {
  counter += 1;
  return `violet kettle orbit 42 ${counter} ${Math.random().toString(36).slice(2, 8)}`;
}

/** A fresh e-mail address for a person of the test. */
export function freshEmail(label: string): string {
  counter += 1;
  return `${label}-${counter}-${Date.now().toString(36)}@people.example`;
}

/** `name=value` of the named cookie among `Set-Cookie` values, or null. */
export function cookieFrom(headers: Headers, name: string = SESSION_COOKIE): string | null {
  for (const line of headers.getSetCookie()) {
    const [pair] = line.split(';');
    if (pair?.startsWith(`${name}=`) && pair.length > name.length + 1) return pair;
  }
  return null;
}

export function requireCookie(headers: Headers, name?: string): string {
  const cookie = cookieFrom(headers, name);
  if (cookie === null) throw new Error(`no session cookie in ${JSON.stringify(headers.getSetCookie())}`);
  return cookie;
}

/** One request as `caller`; the body is parsed when it is JSON. */
export async function call<T = Record<string, unknown>>(
  app: TestApp,
  caller: Caller,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (caller.cookie) headers['cookie'] = caller.cookie;
  if (caller.apiKey) headers['x-api-key'] = caller.apiKey;
  if (caller.workspaceId) headers['x-workspace-id'] = caller.workspaceId;
  const origin = options.origin === undefined ? (SAFE.has(method) ? null : app.baseUrl) : options.origin;
  if (origin !== null) headers['origin'] = origin;
  if (options.json !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(app.baseUrl + path, {
    method,
    headers,
    ...(options.json !== undefined ? { body: JSON.stringify(options.json) } : {}),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text === '' ? {} : JSON.parse(text);
  } catch {
    // not JSON: kept as text
  }
  return { status: res.status, headers: res.headers, body: body as T };
}

/** `POST /api/auth/sign-in/email`; answers the response and the new session cookie, if any. */
export async function signIn(
  app: TestApp,
  email: string,
  password: string,
  headers: Record<string, string> = {},
): Promise<Answer & { cookie: string | null }> {
  const answer = await call(app, {}, 'POST', '/api/auth/sign-in/email', {
    json: { email, password },
    origin: null,
    headers,
  });
  return { ...answer, cookie: cookieFrom(answer.headers) };
}

/** The first owner through a fresh setup link: owner of every workspace that exists now. */
export async function setupOwner(app: TestApp, name = 'Olive Founder'): Promise<SignedInPerson> {
  const token = await app.db.setupTokens.issue(60 * 60 * 1000);
  const email = freshEmail('founder');
  const password = passphrase();
  const res = await call<{ userId: string }>(app, {}, 'POST', '/v1/setup', {
    json: { token, name, email, password },
  });
  if (res.status !== 201) throw new Error(`setup failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { email, password, userId: res.body.userId, cookie: requireCookie(res.headers) };
}

export interface SentInvitation {
  id: string;
  token: string;
  email: string;
}

/** `POST /v1/invitations` as `inviter` (an owner or admin cookie in the workspace, or a key). */
export async function invite(
  app: TestApp,
  inviter: Caller,
  role: string,
  email: string = freshEmail(role),
): Promise<SentInvitation> {
  const res = await call<{ id: string; link: string }>(app, inviter, 'POST', '/v1/invitations', {
    json: { email, role },
  });
  if (res.status !== 201) throw new Error(`invitation failed: ${res.status} ${JSON.stringify(res.body)}`);
  const token = new URL(res.body.link).searchParams.get('token');
  if (!token) throw new Error(`no token in ${res.body.link}`);
  return { id: res.body.id, token, email };
}

/** `POST /v1/invitation-links/accept` without a session: makes the account and signs it in. */
export function accept(
  app: TestApp,
  token: string,
  password: string,
  name = 'Invited Person',
  caller: Caller = {},
) {
  return call<{ workspaceId: string; role: string }>(app, caller, 'POST', '/v1/invitation-links/accept', {
    json: { token, name, password },
  });
}

/** A new person with `role` in the inviter's workspace, signed in. */
export async function addPerson(app: TestApp, inviter: Caller, role: string): Promise<SignedInPerson> {
  const invitation = await invite(app, inviter, role);
  const password = passphrase();
  const res = await accept(app, invitation.token, password);
  if (res.status !== 200) throw new Error(`accept failed: ${res.status} ${JSON.stringify(res.body)}`);
  const me = await call<{ user: { id: string } }>(
    app,
    { cookie: requireCookie(res.headers) },
    'GET',
    '/v1/me',
  );
  return { email: invitation.email, password, userId: me.body.user.id, cookie: requireCookie(res.headers) };
}

/** An API key with `role` in the workspace, created over the API by `creator`. */
export async function createKey(app: TestApp, creator: Caller, role: string): Promise<string> {
  const res = await call<{ key: string }>(app, creator, 'POST', '/v1/api-keys', {
    json: { name: `${role} key`, role },
  });
  if (res.status !== 201) throw new Error(`key not created: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.key;
}
