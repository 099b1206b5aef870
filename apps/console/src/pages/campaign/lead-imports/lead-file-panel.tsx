import { newIdempotencyKey, type components } from '@outreach/client';
import { useState, type DragEvent } from 'react';
import { useApi } from '../../../api/session.js';
import { ActionError } from '../../../components/states.js';
import { dateTime } from '../../../lib/format.js';
import {
  choicesFromMapping,
  mappingOf,
  mappingProblems,
  setColumnUse,
  setVariableName,
  type ColumnChoice,
  type LeadFileMapping,
} from './lead-file-mapping.js';
import { MappingEditor } from './mapping-editor.js';
import { pastedLineCount, pastedUrlsCsv } from './pasted-urls.js';

type LeadFile = components['schemas']['LeadFile'];

export interface MappedFile {
  id: string;
  mapping: LeadFileMapping;
  problems: string[];
}

const DELIMITERS: Record<LeadFile['delimiter'], string> = { ',': 'commas', ';': 'semicolons', '\t': 'tabs' };

/**
 * A lead file: chosen or dropped (or profile URLs pasted, sent as a one-column file), uploaded as
 * it is to `POST /v1/lead-files`, which reads it. Then its columns, first rows and the rows that
 * cannot become leads, as the API read them, and the mapping, pre-filled from its suggestion.
 */
export function LeadFilePanel({ onFile }: { onFile: (file: MappedFile | null) => void }) {
  const api = useApi();
  const [pasted, setPasted] = useState('');
  const [choices, setChoices] = useState<ColumnChoice[]>([]);
  const [dragging, setDragging] = useState(false);
  const report = (file: LeadFile, next: ColumnChoice[]) =>
    onFile({ id: file.id, mapping: mappingOf(next), problems: mappingProblems(next) });
  const upload = api.useMutation('post', '/v1/lead-files', {
    onSuccess: (file) => {
      const initial = choicesFromMapping(file.columns, file.suggestedMapping);
      setChoices(initial);
      report(file, initial);
    },
  });

  const send = (body: Blob, name: string) => {
    onFile(null);
    upload.mutate({
      params: { query: { name: name.slice(0, 200) }, header: { 'Idempotency-Key': newIdempotencyKey() } },
      // The contract types the body as the file's text. The serializer hands fetch the file itself
      // instead, so the browser sends it from disk and the page never reads it into a string; the
      // empty text is never sent.
      body: '',
      bodySerializer: () => body,
      headers: { 'content-type': 'text/csv' },
    });
  };

  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) send(file, file.name);
  };

  const edit = (next: ColumnChoice[]) => {
    setChoices(next);
    if (upload.data) report(upload.data, next);
  };

  const file = upload.data;
  const problems = mappingProblems(choices);
  return (
    <div className="lead-file">
      <div
        className={dragging ? 'drop-zone drop-zone-active' : 'drop-zone'}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
      >
        <label htmlFor="lead-file-input">CSV file (drop it here, or choose it)</label>
        <input
          id="lead-file-input"
          type="file"
          accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values,text/plain"
          onChange={(event) => {
            const chosen = event.target.files?.[0];
            if (chosen) send(chosen, chosen.name);
            event.target.value = '';
          }}
        />
        <p className="hint">
          Up to 100,000 rows. The first line names the columns; commas, semicolons or tabs.
        </p>
      </div>
      <label htmlFor="pasted-urls">Or paste profile URLs, one per line</label>
      <textarea
        id="pasted-urls"
        rows={3}
        value={pasted}
        onChange={(event) => setPasted(event.target.value)}
      />
      <button
        type="button"
        disabled={upload.isPending || pastedLineCount(pasted) === 0}
        onClick={() => {
          const csv = pastedUrlsCsv(pasted);
          if (csv !== null) send(new Blob([csv], { type: 'text/csv' }), 'Pasted profile URLs');
        }}
      >
        Read the pasted URLs ({pastedLineCount(pasted)})
      </button>
      {upload.isPending && (
        <p role="status" aria-live="polite">
          Uploading and reading the file…
        </p>
      )}
      <ActionError error={upload.error} />
      {file && (
        <LeadFileView
          file={file}
          choices={choices}
          problems={problems}
          onUse={(column, use) => edit(setColumnUse(choices, column, use))}
          onVariable={(column, name) => edit(setVariableName(choices, column, name))}
        />
      )}
    </div>
  );
}

function LeadFileView({
  file,
  choices,
  problems,
  onUse,
  onVariable,
}: {
  file: LeadFile;
  choices: ColumnChoice[];
  problems: string[];
  onUse: Parameters<typeof MappingEditor>[0]['onUse'];
  onVariable: Parameters<typeof MappingEditor>[0]['onVariable'];
}) {
  const name = file.name ?? 'The file';
  return (
    <section aria-labelledby="lead-file-heading">
      <h3 id="lead-file-heading">{name}</h3>
      <p role="status">
        {file.rowCount} row{file.rowCount === 1 ? '' : 's'}, {file.columns.length} column
        {file.columns.length === 1 ? '' : 's'}, separated by {DELIMITERS[file.delimiter]}; kept until{' '}
        {dateTime(file.expiresAt)}.
      </p>
      {file.invalidRows.count > 0 && (
        <div className="state state-warn">
          <p>
            <strong>
              {file.invalidRows.count} row{file.invalidRows.count === 1 ? '' : 's'} cannot become leads
            </strong>{' '}
            (with the suggested mapping): they are skipped, and the import's report lists them.
          </p>
          <ul aria-label="Rows that cannot become leads">
            {file.invalidRows.rows.map((row) => (
              <li key={row.line}>
                Line {row.line}: {row.reason}
              </li>
            ))}
          </ul>
          {file.invalidRows.count > file.invalidRows.rows.length && (
            <p>…and {file.invalidRows.count - file.invalidRows.rows.length} more.</p>
          )}
        </div>
      )}
      <div className="table-scroll">
        <table>
          <caption>First rows of {name}</caption>
          <thead>
            <tr>
              {file.columns.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {file.preview.map((row, index) => (
              <tr key={index}>
                {file.columns.map((column) => (
                  <td key={column} className="cell-text">
                    {row[column] ?? ''}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <MappingEditor file={file} choices={choices} onUse={onUse} onVariable={onVariable} />
      {problems.length > 0 && (
        <ul className="state state-warn" aria-label="Before the import can start">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
