import { EmptyState, QueryView } from '../../../components/states.js';
import { useApi } from '../../../api/session.js';
import { SEARCH_APIS, type ImportForm, type PostKind, type SearchApi } from './import-request.js';

/** Lead lists and search parameters are read from LinkedIn (the sender's budget): kept a while. */
const PROVIDER_READ_STALE_MS = 5 * 60_000;

/** The inputs of the chosen source (a file has its own panel). */
export function SourceFields({
  form,
  update,
}: {
  form: ImportForm;
  update: (patch: Partial<ImportForm>) => void;
}) {
  switch (form.kind) {
    case 'search_url':
      return (
        <div className="field-row">
          <label htmlFor="import-search-url">Search URL</label>
          <input
            id="import-search-url"
            className="input-wide"
            type="url"
            value={form.searchUrl}
            placeholder="https://www.linkedin.com/search/results/people/?keywords=…"
            aria-describedby="import-search-url-hint"
            onChange={(event) => update({ searchUrl: event.target.value })}
          />
          <p id="import-search-url-hint" className="hint field-wide">
            A people search as LinkedIn, Sales Navigator or Recruiter shows it in the address bar (a Sales
            Navigator or Recruiter search needs a sender with that product).
          </p>
        </div>
      );
    case 'search_keywords':
      return (
        <div className="field-row">
          <label htmlFor="import-search-api">Search on</label>
          <select
            id="import-search-api"
            value={form.searchApi}
            onChange={(event) => update({ searchApi: event.target.value as SearchApi, split: null })}
          >
            {(Object.keys(SEARCH_APIS) as SearchApi[]).map((api) => (
              <option key={api} value={api}>
                {SEARCH_APIS[api]}
              </option>
            ))}
          </select>
          <label htmlFor="import-keywords">Keywords</label>
          <input
            id="import-keywords"
            value={form.keywords}
            onChange={(event) => update({ keywords: event.target.value, split: null })}
          />
        </div>
      );
    case 'lead_list':
      return <LeadListField form={form} update={update} />;
    case 'post':
      return (
        <div className="field-row">
          <label htmlFor="import-post-url">Post URL</label>
          <input
            id="import-post-url"
            className="input-wide"
            type="url"
            value={form.postUrl}
            placeholder="https://www.linkedin.com/posts/…"
            onChange={(event) => update({ postUrl: event.target.value })}
          />
          <fieldset className="field-wide">
            <legend>People who</legend>
            {(
              [
                ['reactions', 'reacted'],
                ['comments', 'commented'],
              ] as Array<[PostKind, string]>
            ).map(([kind, label]) => (
              <span key={kind} className="check-row">
                <input
                  id={`import-post-${kind}`}
                  type="checkbox"
                  checked={form.postKinds.includes(kind)}
                  onChange={(event) =>
                    update({
                      postKinds: event.target.checked
                        ? [...form.postKinds, kind].sort()
                        : form.postKinds.filter((k) => k !== kind),
                    })
                  }
                />
                <label htmlFor={`import-post-${kind}`}>{label}</label>
              </span>
            ))}
          </fieldset>
        </div>
      );
    case 'connections':
      return (
        <p className="hint">
          Every connection is already connected to the sender: they are skipped unless “Connections of the
          sender” below adds them to start at the first message step.
        </p>
      );
    case 'file':
      return null;
  }
}

/** The sender's Sales Navigator lead lists, read from LinkedIn when this source is chosen. */
function LeadListField({ form, update }: { form: ImportForm; update: (patch: Partial<ImportForm>) => void }) {
  const api = useApi();
  const lists = api.useQuery(
    'get',
    '/v1/accounts/{accountId}/lead-lists',
    { params: { path: { accountId: form.accountId }, query: { limit: 100 } } },
    { enabled: form.accountId !== '', staleTime: PROVIDER_READ_STALE_MS },
  );
  return (
    <QueryView query={lists} what="the lead lists of the sender">
      {(page) =>
        page.items.length === 0 ? (
          <EmptyState title="This sender has no Sales Navigator lead list.">
            <p>Lead lists need Sales Navigator: choose another sender, or create a list there first.</p>
          </EmptyState>
        ) : (
          <div className="field-row">
            <label htmlFor="import-list">Lead list</label>
            <select
              id="import-list"
              value={form.listId}
              onChange={(event) => update({ listId: event.target.value })}
            >
              <option value="">Choose a list</option>
              {page.items.map((list) => (
                <option key={list.id} value={list.id}>
                  {list.name}
                  {list.size === null ? '' : ` (${list.size} people)`}
                </option>
              ))}
            </select>
          </div>
        )
      }
    </QueryView>
  );
}
