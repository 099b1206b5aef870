/**
 * The port to a language model. Callers ask one question with a zod schema for the answer and get
 * either a validated value or a typed failure: the port never throws, so every AI feature can fall
 * back to its deterministic rules without a try/catch of its own.
 */
import type { z } from 'zod';

export interface StructuredRequest<T> {
  /** Budgets and caches are kept per workspace. */
  workspaceId: string;
  /** Names the answer's shape (letters, digits, `_`, `-`); sent as the JSON schema's name. */
  task: string;
  /** What the model is asked to do (the system message). */
  instructions: string;
  /** The data to answer about (the user message). */
  input: string;
  /** The answer must parse as JSON and pass this schema. */
  schema: z.ZodType<T>;
  /** Upper bound on the answer's tokens. */
  maxOutputTokens?: number;
}

export interface ModelUsage {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
}

export const MODEL_FAILURE_KINDS = [
  /** The configured total time ran out (retries included). */
  'timeout',
  /** 429 from the endpoint, still there after the retries that fit in the time. */
  'rate_limited',
  /** 5xx, or the endpoint could not be reached. */
  'unavailable',
  /** The endpoint refused the request itself (4xx other than 408/429: bad key, unknown model...). */
  'rejected',
  /** The model declined to answer (a refusal or a content filter). */
  'refusal',
  /** The answer was not JSON, was cut off, or did not fit the schema. */
  'malformed',
  /** The workspace used up its daily budget. */
  'budget_exhausted',
] as const;
export type ModelFailureKind = (typeof MODEL_FAILURE_KINDS)[number];

export interface ModelFailure {
  kind: ModelFailureKind;
  message: string;
}

export type StructuredAnswer<T> =
  | { ok: true; value: T; model: string; cached: boolean; usage: ModelUsage | null }
  | { ok: false; failure: ModelFailure };

export interface LanguageModel {
  /** The model name answers come from; part of every cache key. */
  readonly model: string;
  answer<T>(request: StructuredRequest<T>): Promise<StructuredAnswer<T>>;
}

export function modelFailure<T>(kind: ModelFailureKind, message: string): StructuredAnswer<T> {
  return { ok: false, failure: { kind, message } };
}

/** What the features log; pino's logger fits as it is. */
export interface ModelLogger {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}

export const silentLogger: ModelLogger = { info: () => undefined, warn: () => undefined };

/** Time source, so tests move days by hand. */
export type Clock = () => Date;
