import type { ReactNode } from 'react';
import { describeError } from '../lib/api-error.js';

export function Loading({ what }: { what: string }) {
  return (
    <p className="state" role="status" aria-live="polite">
      Loading {what}…
    </p>
  );
}

/** An error in words, with what to do and a retry. */
export function ErrorPanel({ error, onRetry, what }: { error: unknown; onRetry?: () => void; what: string }) {
  const { message, hint } = describeError(error);
  return (
    <div className="state state-error" role="alert">
      <p>
        <strong>Could not load {what}.</strong> {message}
      </p>
      <p>{hint}</p>
      {onRetry && (
        <button type="button" onClick={onRetry}>
          Retry
        </button>
      )}
    </div>
  );
}

/** A refusal of an action, shown next to the control that caused it. */
export function ActionError({ error }: { error: unknown }) {
  if (!error) return null;
  const { message, hint } = describeError(error);
  return (
    <div className="state state-error" role="alert">
      <p>
        <strong>{message}</strong>
      </p>
      <p>{hint}</p>
    </div>
  );
}

/**
 * Nothing to show. First use (nothing exists yet: say how to start) reads differently from a
 * filter that matched nothing (say how to widen it).
 */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="state state-empty">
      <p>
        <strong>{title}</strong>
      </p>
      {children}
    </div>
  );
}

interface QueryLike<T> {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
  refetch: () => unknown;
}

/** Renders loading and error states of a query, then `children` with its data. */
export function QueryView<T>({
  query,
  what,
  children,
}: {
  query: QueryLike<T>;
  what: string;
  children: (data: T) => ReactNode;
}) {
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.error) return <ErrorPanel error={query.error} what={what} onRetry={() => void query.refetch()} />;
  return <Loading what={what} />;
}
