import { useNavigate } from '@tanstack/react-router';
import { useApi } from '../../api/session.js';
import { EmptyState, ErrorPanel, QueryView } from '../../components/states.js';
import { analyticsWindowText } from '../../lib/analytics-window.js';
import { percent } from '../../lib/format.js';
import { analyticsSearch, useLiveSearch, type AnalyticsSearch } from '../../route-search.js';
import { DailyChart, SERIES } from './daily-chart.js';

/** Workspace totals and the per-day series over a date range, for all senders or one. */
export default function AnalyticsPage() {
  const api = useApi();
  const filters = useLiveSearch(analyticsSearch);
  const { from: startDate, to: endDate, sender: accountId } = filters;
  const navigate = useNavigate({ from: '/w/$workspaceId/analytics' });
  // A cleared field leaves the address; the range replaces it rather than add to the history.
  const show = (search: AnalyticsSearch) => void navigate({ search, replace: true, resetScroll: false });
  const query = api.useQuery('get', '/v1/analytics', {
    params: {
      query: {
        ...(startDate ? { startDate } : {}),
        ...(endDate ? { endDate } : {}),
        ...(accountId ? { accountId } : {}),
      },
    },
  });
  const accounts = api.useQuery('get', '/v1/accounts', { params: { query: { limit: 100 } } });
  const senderName = accountId
    ? (accounts.data?.items.find((account) => account.id === accountId)?.name ?? accountId)
    : 'all senders';
  return (
    <section aria-labelledby="analytics-heading">
      <h1 id="analytics-heading">Analytics</h1>
      <form className="filters" aria-label="Analytics range" onSubmit={(event) => event.preventDefault()}>
        <label htmlFor="from">From</label>
        <input
          id="from"
          type="date"
          value={startDate ?? ''}
          max={endDate}
          onChange={(e) => show({ ...filters, from: e.target.value || undefined })}
        />
        <label htmlFor="to">To</label>
        <input
          id="to"
          type="date"
          value={endDate ?? ''}
          onChange={(e) => show({ ...filters, to: e.target.value || undefined })}
        />
        <label htmlFor="sender">Sender</label>
        <select
          id="sender"
          value={accountId ?? ''}
          onChange={(e) => show({ ...filters, sender: e.target.value || undefined })}
        >
          <option value="">All senders</option>
          {accounts.data?.items.map((account) => (
            <option key={account.id} value={account.id}>
              {account.name}
            </option>
          ))}
        </select>
      </form>
      {accounts.error && (
        <ErrorPanel
          error={accounts.error}
          what="the sender list (to show one sender's analytics)"
          onRetry={() => void accounts.refetch()}
        />
      )}
      <QueryView query={query} what="the analytics">
        {(data) => (
          <>
            <h2>Totals for {senderName}</h2>
            <p className="muted">{analyticsWindowText(data.window, 'workspace')}</p>
            <dl className="totals">
              <Total label="Leads" value={data.totals.leads} />
              <Total label="Invitations sent" value={data.totals.invitationsSent} />
              <Total
                label="Accepted"
                value={`${data.totals.invitationsAccepted} (${percent(data.totals.acceptanceRate)})`}
              />
              <Total label="Messages sent" value={data.totals.messagesSent} />
              <Total
                label="Replied"
                value={`${data.totals.leadsReplied} (${percent(data.totals.responseRate)})`}
              />
              <Total label="Profile visits" value={data.totals.profileVisits} />
              <Total label="Campaigns active" value={data.campaigns.active} />
            </dl>
            {data.daily.length === 0 || data.totals.invitationsSent + data.totals.messagesSent === 0 ? (
              <EmptyState title="No activity in this range.">
                <p>Widen the dates, or start a campaign.</p>
              </EmptyState>
            ) : (
              <>
                <DailyChart days={data.daily} />
                <table>
                  <caption>Per day</caption>
                  <thead>
                    <tr>
                      <th scope="col">Day</th>
                      {SERIES.map((s) => (
                        <th key={s.key} scope="col">
                          {s.label}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {data.daily.map((day) => (
                      <tr key={day.date}>
                        <th scope="row">{day.date}</th>
                        {SERIES.map((s) => (
                          <td key={s.key}>{day[s.key]}</td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </>
            )}
          </>
        )}
      </QueryView>
    </section>
  );
}

function Total({ label, value }: { label: string; value: number | string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
