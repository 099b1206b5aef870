import type { components } from '@outreach/client';
import { useNavigate } from '@tanstack/react-router';
import { useApi } from '../../api/session.js';
import { Badge } from '../../components/badge.js';
import { EmptyState, QueryView } from '../../components/states.js';
import { actionLabel, AUDIT_ACTIONS } from '../../lib/audit-actions.js';
import { dateTime } from '../../lib/format.js';
import { auditLogSearch, useLiveSearch, type AuditLogSearch } from '../../route-search.js';

type AuditEntry = components['schemas']['AuditEntry'];

const PAGE_SIZE = 50;
const OUTCOME_TONES: Record<AuditEntry['outcome'], string> = {
  succeeded: 'good',
  refused: 'bad',
  failed: 'warn',
};

function actorText(actor: AuditEntry['actor']): string {
  if (actor.type === 'anonymous') return actor.label ?? 'Anonymous';
  if (actor.type === 'cli') return `Command line${actor.label ? ` (${actor.label})` : ''}`;
  const label = actor.label ?? actor.id ?? '—';
  return actor.type === 'key' ? `Key ${label}` : label;
}

function detailsText(details: AuditEntry['details']): string {
  if (!details) return '';
  return Object.entries(details)
    .map(([key, value]) => `${key}: ${String(value)}`)
    .join(', ');
}

/** Who did what in the workspace, newest first; filters and the page in the address. */
export default function AuditLogPage() {
  const api = useApi();
  const search = useLiveSearch(auditLogSearch);
  const { action, actor, after } = search;
  const navigate = useNavigate({ from: '/w/$workspaceId/audit-log' });
  const show = (next: AuditLogSearch) => void navigate({ search: next, resetScroll: false });
  const log = api.useQuery(
    'get',
    '/v1/audit-log',
    {
      params: {
        query: {
          limit: PAGE_SIZE,
          ...(action ? { action } : {}),
          ...(actor ? { actorId: actor } : {}),
          ...(after ? { after } : {}),
        },
      },
    },
    { placeholderData: (previous) => previous },
  );
  const members = api.useQuery('get', '/v1/members', { params: { query: { limit: 100 } } });
  const keys = api.useQuery('get', '/v1/api-keys', { params: { query: { limit: 100 } } });
  const filtered = Boolean(action || actor);

  return (
    <section aria-labelledby="audit-heading">
      <h1 id="audit-heading">Audit log</h1>
      <div role="search" className="filters" aria-label="Filter the audit log">
        <label htmlFor="audit-action">Action</label>
        <select
          id="audit-action"
          value={action ?? ''}
          onChange={(event) => show({ action: event.target.value || undefined, actor })}
        >
          <option value="">Any action</option>
          {Object.entries(AUDIT_ACTIONS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
        <label htmlFor="audit-actor">Who</label>
        <select
          id="audit-actor"
          value={actor ?? ''}
          onChange={(event) => show({ action, actor: event.target.value || undefined })}
        >
          <option value="">Anyone</option>
          <optgroup label="People">
            {members.data?.items.map((member) => (
              <option key={member.userId} value={member.userId}>
                {member.name} ({member.email})
              </option>
            ))}
          </optgroup>
          <optgroup label="API keys">
            {keys.data?.items.map((key) => (
              <option key={key.id} value={key.id}>
                {key.name}
              </option>
            ))}
          </optgroup>
          {/* A shared link may name someone no longer listed. */}
          {actor &&
            !members.data?.items.some((m) => m.userId === actor) &&
            !keys.data?.items.some((k) => k.id === actor) && <option value={actor}>{actor}</option>}
        </select>
        {filtered && (
          <button type="button" onClick={() => show({})}>
            Clear the filters
          </button>
        )}
      </div>
      <QueryView query={log} what="the audit log">
        {(page) => (
          <>
            {page.items.length === 0 ? (
              <EmptyState
                title={
                  after
                    ? 'No older entry.'
                    : filtered
                      ? 'No entry matches these filters.'
                      : 'Nothing recorded yet.'
                }
              />
            ) : (
              // Six columns do not fit a narrow window: the table scrolls sideways within the page.
              <div className="table-scroll" role="region" aria-label="Audit log entries" tabIndex={0}>
                <table>
                  <caption className="visually-hidden">
                    Audit log entries{after ? ', older page' : ', newest first'}
                  </caption>
                  <thead>
                    <tr>
                      <th scope="col">When</th>
                      <th scope="col">Who</th>
                      <th scope="col">Action</th>
                      <th scope="col">Target</th>
                      <th scope="col">Outcome</th>
                      <th scope="col">IP address</th>
                    </tr>
                  </thead>
                  <tbody>
                    {page.items.map((entry) => (
                      <tr key={entry.id}>
                        <td className="nowrap">{dateTime(entry.at)}</td>
                        <td>{actorText(entry.actor)}</td>
                        <th scope="row">
                          {actionLabel(entry.action)}
                          {entry.details && <span className="hint"> {detailsText(entry.details)}</span>}
                        </th>
                        <td className="break-anywhere">
                          {entry.target ? `${entry.target.type} ${entry.target.id}` : '—'}
                        </td>
                        <td>
                          <Badge tone={OUTCOME_TONES[entry.outcome]}>{entry.outcome}</Badge>
                        </td>
                        <td className="nowrap" title={entry.userAgent ?? undefined}>
                          {entry.ip ?? '—'}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            <nav className="pagination" aria-label="Audit log pages">
              {after && (
                <button type="button" onClick={() => show({ action, actor })}>
                  Newest entries
                </button>
              )}
              {page.nextCursor && (
                <button
                  type="button"
                  onClick={() => show({ action, actor, after: page.nextCursor ?? undefined })}
                >
                  Older entries
                </button>
              )}
            </nav>
          </>
        )}
      </QueryView>
    </section>
  );
}
