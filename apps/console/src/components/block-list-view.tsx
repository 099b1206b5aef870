import type { components } from '@outreach/client';
import { useState, type FormEvent } from 'react';
import { useCan } from '../api/session.js';
import { dateTime } from '../lib/format.js';
import { ActionError, EmptyState, QueryView } from './states.js';

type BlockedLead = components['schemas']['BlockedLead'];

interface QueryLike {
  data: BlockedLead[] | undefined;
  error: unknown;
  isPending: boolean;
  refetch: () => unknown;
}

/** Public identifiers from pasted text: one per line or comma-separated, profile URLs accepted. */
export function identifiersFrom(text: string): string[] {
  return text
    .split(/[\n,]+/)
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => entry.match(/linkedin\.com\/in\/([^/?#\s]+)/i)?.[1] ?? entry);
}

/**
 * A block list (the workspace's or a campaign's): who is on it, adding people by public
 * identifier or profile URL, and removing entries.
 */
export function BlockListView({
  idPrefix,
  query,
  search,
  onSearch,
  block,
  unblock,
  blockError,
  unblockError,
  busy,
}: {
  idPrefix: string;
  query: QueryLike;
  search: string;
  onSearch: (text: string) => void;
  block: (identifiers: string[]) => void;
  unblock: (ids: string[]) => void;
  blockError: unknown;
  unblockError: unknown;
  busy: boolean;
}) {
  const [text, setText] = useState('');
  const canWrite = useCan('campaigns:write');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const identifiers = identifiersFrom(text);
    if (identifiers.length > 0) {
      block(identifiers);
      setText('');
    }
  };
  return (
    <>
      {canWrite && (
        <form className="card" onSubmit={submit}>
          <label htmlFor={`${idPrefix}-add`}>
            Block people (public identifiers or profile URLs, one per line)
          </label>
          <textarea
            id={`${idPrefix}-add`}
            rows={2}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
          <button type="submit" disabled={busy || identifiersFrom(text).length === 0}>
            Block
          </button>
          <ActionError error={blockError} />
        </form>
      )}
      <div className="filters" role="search">
        <label htmlFor={`${idPrefix}-search`}>Search the block list</label>
        <input
          id={`${idPrefix}-search`}
          type="search"
          value={search}
          onChange={(event) => onSearch(event.target.value)}
        />
      </div>
      <ActionError error={unblockError} />
      <QueryView query={query} what="the block list">
        {(items) =>
          items.length === 0 ? (
            <EmptyState title={search ? 'Nobody on the block list matches.' : 'Nobody is blocked.'} />
          ) : (
            <table>
              <thead>
                <tr>
                  <th scope="col">Public identifier</th>
                  <th scope="col">Reason</th>
                  <th scope="col">Blocked</th>
                  {canWrite && (
                    <th scope="col">
                      <span className="visually-hidden">Actions</span>
                    </th>
                  )}
                </tr>
              </thead>
              <tbody>
                {items.map((entry) => (
                  <tr key={entry.id}>
                    <th scope="row">{entry.publicIdentifier}</th>
                    <td>{entry.reason ?? '—'}</td>
                    <td>{dateTime(entry.createdAt)}</td>
                    {canWrite && (
                      <td>
                        <button type="button" disabled={busy} onClick={() => unblock([entry.id])}>
                          Unblock {entry.publicIdentifier}
                        </button>
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          )
        }
      </QueryView>
    </>
  );
}
