import type { components } from '@outreach/client';
import { ActionError } from '../../../components/states.js';
import { capNotice, SKIP_REASONS, skippedByReason } from './import-figures.js';
import type { ImportForm, LeadImportSplit } from './import-request.js';
import { SplitPicker } from './split-picker.js';

type LeadImportPreview = components['schemas']['LeadImportPreview'];

/** People of the first page listed (the counts cover the whole page; the report, once imported, everyone). */
const PEOPLE_SHOWN = 10;

const count = (n: number | null) => (n === null ? 'not said by the source' : String(n));

/**
 * What the import would do, from the dry run: the source's total, what LinkedIn lets it read and
 * what its cap leaves out (with a split offered for a search by keywords), then the first page
 * judged as the import would judge it. Start makes the import of exactly this.
 */
export function DryRunResult({
  preview,
  form,
  starting,
  startError,
  onStart,
  partNames,
  onSplit,
}: {
  preview: LeadImportPreview;
  form: ImportForm;
  starting: boolean;
  startError: unknown;
  onStart: () => void;
  /** Names of the split's parts, in order, as the values were looked up (empty: the API's labels). */
  partNames: string[];
  onSplit: (split: LeadImportSplit | null, names: string[]) => void;
}) {
  const cap = capNotice(preview);
  const skipped = skippedByReason(preview.skipped);
  const splittable = form.kind === 'search_keywords';
  const shown = preview.preview.slice(0, PEOPLE_SHOWN);
  return (
    <section aria-labelledby="dry-run-heading" className="card">
      <h3 id="dry-run-heading">Preview of the import</h3>
      <table className="counts">
        <caption className="visually-hidden">What the source holds</caption>
        <tbody>
          <tr>
            <th scope="row">In the source</th>
            <td>{count(preview.total)}</td>
          </tr>
          <tr>
            <th scope="row">Can be read</th>
            <td>{count(preview.importable)}</td>
          </tr>
          <tr>
            <th scope="row">Left out by LinkedIn&apos;s cap</th>
            <td>{preview.capped}</td>
          </tr>
        </tbody>
      </table>
      {cap && (
        <div className="state state-warn">
          <p>
            <strong>{cap}</strong>
          </p>
          <p>
            {splittable
              ? 'Split the search into parts below: each part is read up to the cap on its own.'
              : form.kind === 'search_url'
                ? 'Narrow the search on LinkedIn, or import it as a search by keywords, which can be split into parts under the cap.'
                : 'Only what LinkedIn shows can be imported.'}
          </p>
        </div>
      )}
      {preview.parts.length > 1 && (
        <table>
          <caption>Parts of the split search</caption>
          <thead>
            <tr>
              <th scope="col">Part</th>
              <th scope="col">In the source</th>
              <th scope="col">Can be read</th>
              <th scope="col">Left out</th>
            </tr>
          </thead>
          <tbody>
            {preview.parts.map((part, index) => (
              <tr key={part.label ?? index}>
                <th scope="row">
                  {partNames.length === preview.parts.length
                    ? partNames[index]
                    : (part.label ?? `Part ${index + 1}`)}
                  {partNames.length === preview.parts.length && part.label && (
                    <span className="muted"> ({part.label})</span>
                  )}
                </th>
                <td>{count(part.total)}</td>
                <td>{count(part.importable)}</td>
                <td>{part.capped}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {splittable && form.split !== null && (
        <p>
          Split by {form.split.facet.replace('_', ' ')}.{' '}
          <button type="button" onClick={() => onSplit(null, [])}>
            Read the search whole
          </button>
        </p>
      )}
      {splittable && (cap !== null || form.split !== null) && (
        <SplitPicker accountId={form.accountId} api={form.searchApi} onSplit={onSplit} />
      )}
      <p>
        Of the first {preview.fetched} {preview.fetched === 1 ? 'person' : 'people'} read:{' '}
        <strong>{preview.added} would be added</strong>
        {skipped.length === 0
          ? '.'
          : `, ${skipped.reduce((sum, s) => sum + s.count, 0)} skipped (${skipped
              .map((s) => `${s.count} ${s.label}`)
              .join('; ')}).`}
      </p>
      {preview.preview.length > 0 && (
        <div className="table-scroll">
          <table>
            <caption>
              The first {shown.length < preview.preview.length ? `${shown.length} ` : ''}people read
            </caption>
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">Person</th>
                <th scope="col">Would be</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((entry) => (
                <tr key={entry.position}>
                  <td>{entry.line === undefined ? entry.position + 1 : `line ${entry.line}`}</td>
                  <th scope="row">
                    {entry.name ?? '—'}
                    {entry.publicIdentifier && <span className="muted"> ({entry.publicIdentifier})</span>}
                  </th>
                  <td>
                    {entry.outcome === 'added'
                      ? 'Added'
                      : `Skipped: ${entry.reason ? SKIP_REASONS[entry.reason] : 'no reason given'}${
                          entry.detail ? ` (${entry.detail})` : ''
                        }`}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <button type="button" className="primary" disabled={starting} onClick={onStart}>
        Start the import
      </button>
      <ActionError error={startError} />
    </section>
  );
}
