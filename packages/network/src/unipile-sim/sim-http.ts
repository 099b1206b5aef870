import { Readable } from 'node:stream';
import type { ErrorRequestHandler, NextFunction, Request, Response } from 'express';
import { redactCredentials } from '@outreach/domain';
import type { Fault, SandboxOperation } from '../simulation/fault-injector.js';
import type { HangTimers } from '../simulation/hang-timers.js';
import type { ProviderCallKind } from './sim-call-log.js';
import { SimProblem } from './sim-problem.js';
import type { UnipileSimState } from './sim-state.js';

export interface Answer {
  status: number;
  body: unknown;
}

type Handler = (req: Request) => Promise<Answer> | Answer;

/** What a route is, for faults (`operation`) and for the call record (`kind`, `route`). */
export interface RouteCall {
  operation: SandboxOperation;
  kind: ProviderCallKind;
  /** The route template, e.g. `GET /users/:identifier`. */
  route: string;
}

/** Records the call for `accountId` with the status it is answered, once the answer is sent. */
export function recordCall(
  state: UnipileSimState,
  res: Response,
  accountId: string,
  call: Omit<RouteCall, 'operation'>,
): void {
  if (!accountId) return;
  const at = new Date(state.now()).toISOString();
  res.once('finish', () => {
    state.calls.record({
      accountId,
      at,
      method: call.route.split(' ')[0] ?? '',
      route: call.route,
      kind: call.kind,
      status: res.statusCode,
    });
  });
}

/**
 * One endpoint behind the same gate as the sandbox's: an armed fault first (as a real network
 * fails before the provider sees anything), or, with `afterAction`, the action first and then the
 * failure, the lost-answer case that reconciliation exists for.
 */
export function gate(
  state: UnipileSimState,
  hangs: HangTimers,
  call: RouteCall,
  accountOf: (req: Request) => string | Promise<string>,
  handler: Handler,
) {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const accountId = await accountOf(req);
      recordCall(state, res, accountId, call);
      const fault = state.faults.take(accountId, call.operation);
      if (fault && !fault.afterAction) return await failWith(state, hangs, fault, res);
      const answer = await handler(req);
      if (fault) return await failWith(state, hangs, fault, res);
      res.status(answer.status).json(answer.body);
    } catch (error) {
      next(error);
    }
  };
}

async function failWith(
  state: UnipileSimState,
  hangs: HangTimers,
  fault: Fault,
  res: Response,
): Promise<void> {
  if (fault.kind === 'timeout') {
    await hangs.wait(fault.hangMs ?? state.settings.timeoutHangMs);
    if (res.writableEnded || res.destroyed) return;
    throw new SimProblem(504, 'request_timeout', 'the provider did not answer in time');
  }
  if (fault.kind === 'rate_limit') {
    // The standard header only: Unipile documents no retry hint in the body.
    res.setHeader('Retry-After', String(Math.ceil(fault.retryAfterMs / 1000)));
    throw new SimProblem(429, 'too_many_requests', 'too many requests for this account');
  }
  throw new SimProblem(
    fault.status,
    fault.status === 503 ? 'service_unavailable' : 'unexpected_error',
    'the provider failed',
  );
}

/** The SDK sends chats and messages as multipart forms; Node's web `Request` parses them. */
const forms = new WeakMap<Request, Promise<FormData>>();

/** The multipart body, read once (the gate may need the account in it before the handler). */
export function readForm(req: Request): Promise<FormData> {
  let form = forms.get(req);
  if (!form) {
    form = parseForm(req);
    forms.set(req, form);
  }
  return form;
}

async function parseForm(req: Request): Promise<FormData> {
  const type = req.get('content-type') ?? '';
  if (!type.startsWith('multipart/form-data'))
    throw new SimProblem(400, 'invalid_parameters', 'expected multipart/form-data');
  const request = new globalThis.Request('http://simulator.local/', {
    method: 'POST',
    headers: { 'content-type': type },
    body: Readable.toWeb(req) as ReadableStream,
    duplex: 'half',
  } as RequestInit);
  return request.formData();
}

export function requiredString(value: unknown, name: string): string {
  if (typeof value !== 'string' || value.length === 0)
    throw new SimProblem(400, 'invalid_parameters', `${name} is required`);
  return value;
}

export function optionalLimit(value: unknown, max = 250): number {
  if (value === undefined) return 100;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > max)
    throw new SimProblem(400, 'invalid_parameters', `limit must be 1..${max}`);
  return n;
}

/** `after` in Unipile's UTC format; null when absent. */
export function optionalAfter(value: unknown): number | null {
  if (value === undefined) return null;
  const ms = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  if (!Number.isFinite(ms))
    throw new SimProblem(400, 'invalid_parameters', 'after must be an ISO 8601 UTC datetime');
  return ms;
}

/** Every failure leaves as Unipile's problem body; an unexpected one is a 500. */
export const simErrorHandler: ErrorRequestHandler = (error: unknown, req, res, next) => {
  if (res.headersSent) return next(error);
  const problem = toProblem(error);
  if (problem.status >= 500 && !(error instanceof SimProblem))
    console.error('simulator error', redactCredentials(error));
  res.status(problem.status).json(problem.body(req.originalUrl));
};

function toProblem(error: unknown): SimProblem {
  if (error instanceof SimProblem) return error;
  const status = typeof error === 'object' && error !== null && 'status' in error ? error.status : undefined;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return new SimProblem(
      400,
      'invalid_parameters',
      error instanceof Error ? error.message : 'invalid request',
    );
  }
  return new SimProblem(500, 'unexpected_error', 'internal simulator error');
}
