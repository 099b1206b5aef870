import { useState, type FormEvent } from 'react';
import { useApi } from '../../../api/session.js';
import { EmptyState, QueryView } from '../../../components/states.js';
import type { LeadImportSplit, SearchApi } from './import-request.js';

type Facet = LeadImportSplit['facet'];

/**
 * The facets a search by keywords can be split by, per product, as the API allows them: location
 * and industry take the values looked up here; company headcount needs none (LinkedIn's eight
 * company sizes). Seniority takes product-specific values this form does not look up.
 */
const FACETS: Record<SearchApi, Array<{ facet: Facet; label: string; lookup: string | null }>> = {
  classic: [
    { facet: 'location', label: 'Location', lookup: 'LOCATION' },
    { facet: 'industry', label: 'Industry', lookup: 'INDUSTRY' },
  ],
  sales_navigator: [
    { facet: 'company_headcount', label: 'Company headcount (8 sizes)', lookup: null },
    { facet: 'location', label: 'Location', lookup: 'LOCATION' },
    { facet: 'industry', label: 'Industry', lookup: 'INDUSTRY' },
  ],
  recruiter: [
    { facet: 'company_headcount', label: 'Company headcount (8 sizes)', lookup: null },
    { facet: 'location', label: 'Location', lookup: 'LOCATION' },
    { facet: 'industry', label: 'Industry', lookup: 'INDUSTRY' },
  ],
};

/**
 * Splits a search past LinkedIn's cap into parts, one per value of a facet, each a search of its
 * own under the cap; a new preview then shows each part's total.
 */
export function SplitPicker({
  accountId,
  api: searchApi,
  onSplit,
}: {
  accountId: string;
  api: SearchApi;
  /** The split, and the names of its values in their order (one part each). */
  onSplit: (split: LeadImportSplit, names: string[]) => void;
}) {
  const facets = FACETS[searchApi];
  const [facet, setFacet] = useState<Facet>(facets[0]?.facet ?? 'location');
  const [keywords, setKeywords] = useState('');
  const [lookedUp, setLookedUp] = useState('');
  const [values, setValues] = useState<string[]>([]);
  const chosen = facets.find((f) => f.facet === facet);
  const api = useApi();
  const found = api.useQuery(
    'get',
    '/v1/accounts/{accountId}/search-parameters',
    {
      params: {
        path: { accountId },
        query: {
          type: chosen?.lookup ?? 'LOCATION',
          api: searchApi,
          limit: 50,
          ...(lookedUp ? { keywords: lookedUp } : {}),
        },
      },
    },
    { enabled: chosen?.lookup !== null && lookedUp !== '', staleTime: 5 * 60_000 },
  );

  const lookUp = (event: FormEvent) => {
    event.preventDefault();
    setLookedUp(keywords.trim());
  };
  const needsValues = chosen?.lookup !== null;
  return (
    <div className="card split-picker">
      <h4>Split the search</h4>
      <p className="hint">
        Each part is a search of its own, under LinkedIn&apos;s cap; people in several parts are added once.
      </p>
      <div className="field-row">
        <label htmlFor="split-facet">Split by</label>
        <select
          id="split-facet"
          value={facet}
          onChange={(event) => {
            setFacet(event.target.value as Facet);
            setValues([]);
            setLookedUp('');
          }}
        >
          {facets.map((f) => (
            <option key={f.facet} value={f.facet}>
              {f.label}
            </option>
          ))}
        </select>
      </div>
      {needsValues && (
        <>
          <form
            className="inline-form"
            role="search"
            aria-label={`Look up ${chosen?.label ?? ''} values`}
            onSubmit={lookUp}
          >
            <label htmlFor="split-lookup">{chosen?.label} named like</label>
            <input id="split-lookup" value={keywords} onChange={(event) => setKeywords(event.target.value)} />
            <button type="submit" disabled={keywords.trim() === ''}>
              Look up
            </button>
          </form>
          {lookedUp !== '' && (
            <QueryView query={found} what="the values">
              {(list) =>
                list.items.length === 0 ? (
                  <EmptyState title={`No value named like “${lookedUp}”.`} />
                ) : (
                  <fieldset>
                    <legend>One part per value (at least 2)</legend>
                    {list.items.map((item) => (
                      <div key={item.id} className="check-row">
                        <input
                          id={`split-value-${item.id}`}
                          type="checkbox"
                          checked={values.includes(item.id)}
                          onChange={(event) =>
                            setValues((now) =>
                              event.target.checked ? [...now, item.id] : now.filter((v) => v !== item.id),
                            )
                          }
                        />
                        <label htmlFor={`split-value-${item.id}`}>{item.title}</label>
                      </div>
                    ))}
                  </fieldset>
                )
              }
            </QueryView>
          )}
        </>
      )}
      <button
        type="button"
        disabled={needsValues && (values.length < 2 || values.length > 50)}
        onClick={() =>
          onSplit(
            needsValues ? { facet, values } : { facet },
            values.map((id) => found.data?.items.find((item) => item.id === id)?.title ?? id),
          )
        }
      >
        Preview with this split
      </button>
    </div>
  );
}
