import { useQueryClient } from '@tanstack/react-query';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { newIdempotencyKey } from '@outreach/client';
import { useApi } from '../../api/session.js';
import { ActionError } from '../../components/states.js';
import { parseLeadsInput } from '../../lib/leads-input.js';
import { invalidateCampaign } from './invalidate.js';

/** The API takes at most this many leads per request. */
const BATCH = 1000;

/** Imports leads from pasted profile URLs or a CSV (pasted or chosen as a file). */
export function ImportLeads({ campaignId }: { campaignId: string }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [problems, setProblems] = useState<string[]>([]);
  const add = api.useMutation('post', '/v1/campaigns/{campaignId}/leads', {
    onSettled: () => invalidateCampaign(queryClient),
  });
  const parsed = parseLeadsInput(text);

  const readFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file) setText(await file.text());
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblems(parsed.problems);
    if (parsed.leads.length === 0 || parsed.leads.length > BATCH) return;
    add.mutate(
      {
        params: { path: { campaignId }, header: { 'Idempotency-Key': newIdempotencyKey() } },
        body: { leads: parsed.leads },
      },
      { onSuccess: () => setText('') },
    );
  };

  return (
    <section aria-labelledby="import-heading">
      <h2 id="import-heading">Import leads</h2>
      <form className="card" onSubmit={submit}>
        <label htmlFor="leads-text">
          Profile URLs, one per line, or CSV with a header line (networkUrl, firstName, lastName,
          companyName…)
        </label>
        <textarea
          id="leads-text"
          rows={5}
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-describedby="leads-summary"
        />
        <label htmlFor="leads-file">Or choose a CSV file</label>
        <input
          id="leads-file"
          type="file"
          accept=".csv,text/csv,text/plain"
          onChange={(e) => void readFile(e)}
        />
        <p id="leads-summary" aria-live="polite">
          {parsed.leads.length} lead{parsed.leads.length === 1 ? '' : 's'} ready
          {parsed.problems.length > 0 && `, ${parsed.problems.length} line(s) not readable`}
          {parsed.leads.length > BATCH && ` (at most ${BATCH} at a time)`}.
        </p>
        <button type="submit" disabled={add.isPending || parsed.leads.length === 0}>
          Import leads
        </button>
        {problems.length > 0 && (
          <ul className="state state-error" aria-label="Lines not imported">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        )}
        {add.data && (
          <p role="status">
            Imported {add.data.added}; {add.data.duplicates} already in the campaign, {add.data.blocked} on a
            block list.
          </p>
        )}
        <ActionError error={add.error} />
      </form>
    </section>
  );
}
