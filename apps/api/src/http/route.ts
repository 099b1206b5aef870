import { formatZodError, requestSchemas, zodErrorDetails } from '@outreach/contract';
import { MAX_LISTED_PROBLEMS } from './error-body.js';
import type { Request, RequestHandler, Response, Router } from 'express';
import { z, type ZodType } from 'zod';
import { HttpError } from './http-error.js';
import { jsonBody } from './json-body.middleware.js';
import type { OperationInput, OperationName } from './operation-input.js';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** What a handler answers: a status, a JSON body and optional extra headers. */
export interface Reply<B = unknown> {
  status: number;
  body: B;
  headers?: Record<string, string>;
}

export function ok<B>(body: B, headers?: Record<string, string>): Reply<B> {
  return headers ? { status: 200, body, headers } : { status: 200, body };
}

export function created<B>(body: B): Reply<B> {
  return { status: 201, body };
}

/** Queued for background work (a webhook re-send), not done yet. */
export function accepted<B>(body: B): Reply<B> {
  return { status: 202, body };
}

export type Handler<Id extends OperationName, Ctx> = (input: OperationInput<Id>, ctx: Ctx) => Promise<Reply>;

export interface RouteHelperOptions<Ctx> {
  /** Middleware run before the body is read: authentication, then rate limiting. */
  guards: RequestHandler[];
  /** Builds what operations receive (workspace, repositories, clock, logger) from the request. */
  context: (req: Request, res: Response) => Ctx;
  /**
   * Middleware run after the body is read, on POSTs and on DELETEs that take a body: the
   * `Idempotency-Key` handling, which fingerprints the parsed body.
   */
  idempotent?: RequestHandler[];
}

interface PartSchemas {
  params?: ZodType;
  query?: ZodType;
  body?: ZodType;
}

/** An operation that takes no query parameter refuses any: unknown parameters are a 400. */
const NO_QUERY = z.strictObject({});

/** Operations whose body may be left out entirely (it then counts as `{}`). */
const OPTIONAL_BODY: ReadonlySet<OperationName> = new Set(['addVariant']);

/**
 * Registers thin handlers. For each route: the guards, the JSON body parser when the operation
 * takes a body, validation of path, query and body with the contract's schemas for that
 * operation, then the handler (one operation and its mapping). Every failure goes to the error
 * middleware. Returns the registered operations so tests can compare them with the contract.
 */
export function createRouteHelper<Ctx>(router: Router, options: RouteHelperOptions<Ctx>) {
  const registered: Array<{ operation: OperationName; method: HttpMethod; path: string }> = [];
  function route<Id extends OperationName>(
    operation: Id,
    method: HttpMethod,
    path: string,
    handle: Handler<Id, Ctx>,
  ): void {
    const schemas: PartSchemas = requestSchemas[operation];
    const bodyParsing = schemas.body ? jsonBody() : [];
    const handler: RequestHandler = async (req, res) => {
      const input = {
        params: parsePart(schemas.params, req.params, 'path'),
        query: schemas.query ? parsePart(schemas.query, req.query, 'query') : refuseQuery(req.query),
        body: parsePart(schemas.body, bodyOf(req, OPTIONAL_BODY.has(operation)), 'body'),
      } as OperationInput<Id>;
      const reply = await handle(input, options.context(req, res));
      if (reply.headers) res.set(reply.headers);
      res.status(reply.status).json(reply.body);
    };
    const idempotent =
      method === 'post' || (method === 'delete' && schemas.body) ? (options.idempotent ?? []) : [];
    router[method](path, ...options.guards, ...bodyParsing, ...idempotent, handler);
    registered.push({ operation, method, path });
  }
  return Object.assign(route, { registered });
}

function refuseQuery(query: unknown): undefined {
  parsePart(NO_QUERY, query, 'query');
  return undefined;
}

function bodyOf(req: Request, optional: boolean): unknown {
  const body: unknown = req.body;
  return body === undefined && optional ? {} : body;
}

/**
 * Parses one part of the request. Operations without a schema for a part take nothing there;
 * their handler sees `undefined`. The cast in the caller is sound because each part was parsed by
 * the very schema `OperationInput` takes its type from.
 */
function parsePart(schema: ZodType | undefined, value: unknown, root: 'path' | 'query' | 'body'): unknown {
  if (!schema) return undefined;
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new HttpError(400, `invalid request: ${formatZodError(parsed.error, { root })}`, {
    code: 'validation_failed',
    details: zodErrorDetails(parsed.error, { root }).slice(0, MAX_LISTED_PROBLEMS),
  });
}
