import type { components } from '@outreach/client';
import { useApi } from '../../api/session.js';
import { POLL_MS } from '../../api/polling.js';
import { useRefreshOnChange } from '../../api/refresh-on-change.js';
import { IntervalBar } from '../../components/interval-bar.js';
import { EmptyState, QueryView } from '../../components/states.js';
import { analyticsWindowText } from '../../lib/analytics-window.js';
import { percent } from '../../lib/format.js';
import { statusLabel } from '../campaigns/campaign-status.js';
import { abVerdict } from './ab-verdict.js';
import { variantLetter } from './variant-letter.js';

type Campaign = components['schemas']['CampaignDetail'];

/** Per-step results, and per-variant results with their Wilson interval and the API's verdict. */
export function ResultsPanel({ campaign }: { campaign: Campaign }) {
  const api = useApi();
  const query = api.useQuery(
    'get',
    '/v1/campaigns/{campaignId}/analytics',
    { params: { path: { campaignId: campaign.id } } },
    { refetchInterval: campaign.status === 'active' ? POLL_MS.live : false },
  );
  useRefreshOnChange(campaign.status, query.refetch);
  return (
    <section aria-labelledby="results-heading">
      <h2 id="results-heading">Results</h2>
      <QueryView query={query} what="the results">
        {(analytics) =>
          analytics.steps.every((step) => step.sent === 0) ? (
            <EmptyState title="Nothing sent yet.">
              <p>Results per step and per variant appear once the campaign runs.</p>
            </EmptyState>
          ) : (
            <>
              <p className="muted">{analyticsWindowText(analytics.window, 'campaign')}</p>
              <table>
                <caption>Per step</caption>
                <thead>
                  <tr>
                    <th scope="col">Step</th>
                    <th scope="col">Sent</th>
                    <th scope="col">Replies</th>
                    <th scope="col">Response rate</th>
                  </tr>
                </thead>
                <tbody>
                  {analytics.steps.map((step) => (
                    <tr key={step.stepId}>
                      <th scope="row">
                        {step.order + 1}. {statusLabel(step.type)}
                      </th>
                      <td>{step.sent}</td>
                      <td>{step.replies}</td>
                      <td>{percent(step.responseRate)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {analytics.abTests.map((test) => {
                const current = new Set(
                  campaign.steps
                    .find((step) => step.id === test.stepId)
                    ?.variants?.map((variant) => variant.id),
                );
                return (
                  <table key={test.stepId}>
                    <caption>A/B test of step {test.order + 1}</caption>
                    <thead>
                      <tr>
                        <th scope="col">Variant</th>
                        <th scope="col">Sent</th>
                        <th scope="col">Replied</th>
                        <th scope="col">Response rate and 95% interval</th>
                        <th scope="col">Verdict</th>
                      </tr>
                    </thead>
                    <tbody>
                      {test.variants.map((variant) => (
                        <tr key={variant.variantId}>
                          <th scope="row">
                            {variantLetter(variant.order)}
                            {!current.has(variant.variantId) && ' (deleted)'}
                          </th>
                          <td>{variant.sent}</td>
                          <td>{variant.replied}</td>
                          <td>
                            {percent(variant.responseRate)}{' '}
                            <IntervalBar
                              rate={variant.responseRate}
                              lower={variant.interval.lower}
                              upper={variant.interval.upper}
                            />
                          </td>
                          <td>{abVerdict(variant, test)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                );
              })}
            </>
          )
        }
      </QueryView>
    </section>
  );
}
