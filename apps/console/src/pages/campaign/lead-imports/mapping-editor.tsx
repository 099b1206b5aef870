import type { components } from '@outreach/client';
import { FIELD_LABELS, LEAD_FILE_FIELDS, type ColumnChoice, type ColumnUse } from './lead-file-mapping.js';

type LeadFile = components['schemas']['LeadFile'];

/** One row per column of the file: what it holds in its first row, and what it becomes. */
export function MappingEditor({
  file,
  choices,
  onUse,
  onVariable,
}: {
  file: LeadFile;
  choices: ColumnChoice[];
  onUse: (column: string, use: ColumnUse) => void;
  onVariable: (column: string, name: string) => void;
}) {
  const first = file.preview[0] ?? {};
  return (
    <div className="table-scroll">
      <table>
        <caption>What each column becomes</caption>
        <thead>
          <tr>
            <th scope="col">Column</th>
            <th scope="col">First row</th>
            <th scope="col">Becomes</th>
            <th scope="col">Variable name</th>
          </tr>
        </thead>
        <tbody>
          {choices.map((choice) => (
            <tr key={choice.column}>
              <th scope="row">{choice.column}</th>
              <td className="cell-text">{first[choice.column] ?? ''}</td>
              <td>
                <select
                  aria-label={`Column ${choice.column} becomes`}
                  value={choice.use}
                  onChange={(event) => onUse(choice.column, event.target.value as ColumnUse)}
                >
                  <option value="skip">Not imported</option>
                  {LEAD_FILE_FIELDS.map((field) => (
                    <option key={field} value={field}>
                      {FIELD_LABELS[field]}
                    </option>
                  ))}
                  <option value="custom">A custom variable</option>
                </select>
              </td>
              <td>
                {choice.use === 'custom' && (
                  <input
                    aria-label={`Variable name of column ${choice.column}`}
                    value={choice.variable}
                    maxLength={64}
                    onChange={(event) => onVariable(choice.column, event.target.value)}
                  />
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
