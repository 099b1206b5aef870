import { formatZodError, openApiDocument, requestSchemas, zodErrorDetails } from '@outreach/contract';
import { isPermission, isWorkspacePermission, type Permission } from '@outreach/domain';
import { MAX_LISTED_PROBLEMS } from './error-body.js';
import type { Request, RequestHandler, Response, Router } from 'express';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { z, type ZodType } from 'zod';
import { HttpError } from './http-error.js';
import { jsonBody } from './json-body.middleware.js';
import type { OperationInput, OperationName } from './operation-input.js';
import { stampRouteTemplate } from './route-template.js';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** What a handler answers: a status, a JSON body and optional extra headers. */
export interface Reply<B = unknown> {
  status: number;
  body: B;
  headers?: Record<string, string>;
  /** `Set-Cookie` values (a sign-in made by the operation). */
  cookies?: string[];
}

export function ok<B>(body: B, headers?: Record<string, string>): Reply<B> {
  return headers ? { status: 200, body, headers } : { status: 200, body };
}

export function created<B>(body: B): Reply<B> {
  return { status: 201, body };
}

/**
 * A body written as it is produced (a CSV export): sent with `status` and `headers` (its
 * `Content-Type` among them) once the operation has checked what it could; a failure after the
 * first bytes cuts the connection, the only signal left once the status is sent.
 */
export interface StreamReply {
  status: number;
  headers: Record<string, string>;
  stream: Readable;
}

export function streamed(stream: Readable, headers: Record<string, string>): StreamReply {
  return { status: 200, headers, stream };
}

/** Queued for background work (a webhook re-send), not done yet. */
export function accepted<B>(body: B): Reply<B> {
  return { status: 202, body };
}

/**
 * One operation's handler. `req` is there for the operations whose body is not JSON (a file
 * upload reads it as a stream; nothing else has read it); the others ignore it.
 */
export type Handler<Id extends OperationName, Ctx> = (
  input: OperationInput<Id>,
  ctx: Ctx,
  req: Request,
) => Promise<Reply | StreamReply>;

export interface RouteHelperOptions<Ctx> {
  /**
   * Middleware run before the body is read, for the permission the operation declares in the
   * contract (`x-permission`): the access guard, then rate limiting.
   */
  guards: (permission: Permission) => RequestHandler[];
  /**
   * Awaited after a successful reply (2xx) is made and before it is sent: the audit log of
   * business changes, written before the caller can read the log.
   */
  after?: (operation: OperationName, input: unknown, reply: Reply, res: Response) => Promise<void>;
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
    const permission = permissionOf(operation);
    const bodyParsing = schemas.body ? jsonBody() : [];
    const handler: RequestHandler = async (req, res) => {
      const input = {
        params: parsePart(schemas.params, req.params, 'path'),
        query: schemas.query ? parsePart(schemas.query, req.query, 'query') : refuseQuery(req.query),
        body: parsePart(schemas.body, bodyOf(req, OPTIONAL_BODY.has(operation)), 'body'),
      } as OperationInput<Id>;
      const reply = await handle(input, options.context(req, res), req);
      if ('stream' in reply) {
        await options.after?.(operation, input, { status: reply.status, body: {} }, res);
        res.status(reply.status).set(reply.headers);
        await pipeline(reply.stream, res).catch((error: unknown) => {
          // A caller that hangs up mid-way (a cancelled download) is no failure of ours.
          if ((error as { code?: unknown }).code !== 'ERR_STREAM_PREMATURE_CLOSE') throw error;
        });
        return;
      }
      if (reply.status < 300) await options.after?.(operation, input, reply, res);
      if (reply.headers) res.set(reply.headers);
      for (const cookie of reply.cookies ?? []) res.append('set-cookie', cookie);
      res.status(reply.status).json(reply.body);
    };
    // Idempotency keys belong to a caller in a workspace: operations outside one take none.
    const idempotent =
      (method === 'post' || (method === 'delete' && schemas.body)) &&
      permission !== null &&
      isWorkspacePermission(permission)
        ? (options.idempotent ?? [])
        : [];
    // Deny by default: an operation whose contract names no permission answers 403 to everyone.
    const guards = permission === null ? [refuseUndeclared(operation)] : options.guards(permission);
    router[method](path, stampRouteTemplate, ...guards, ...bodyParsing, ...idempotent, handler);
    registered.push({ operation, method, path });
  }
  return Object.assign(route, { registered });
}

/** The permission the contract's `x-permission` names for the operation, or null when none. */
export function permissionOf(operation: OperationName): Permission | null {
  for (const pathItem of Object.values(openApiDocument.paths)) {
    for (const candidate of Object.values(pathItem as Record<string, unknown>)) {
      if (typeof candidate !== 'object' || candidate === null) continue;
      const declared = candidate as { operationId?: unknown; 'x-permission'?: unknown };
      if (declared.operationId !== operation) continue;
      return isPermission(declared['x-permission']) ? declared['x-permission'] : null;
    }
  }
  return null;
}

function refuseUndeclared(operation: OperationName): RequestHandler {
  return () => {
    throw new HttpError(403, `${operation} declares no permission, so nobody may call it`, {
      code: 'forbidden',
    });
  };
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
