import type { components } from '@outreach/client';
import { Badge } from '../../../components/badge.js';
import { dateTime } from '../../../lib/format.js';
import { importStatusLabel, importStatusTone, skippedTotal, sourceLabel } from './import-figures.js';
import { ReportButton } from './report-button.js';

type LeadImport = components['schemas']['LeadImport'];

/** The campaign's imports, newest first: source, sender, status, counts and each one's report. */
export function ImportsTable({
  imports,
  accountName,
}: {
  imports: LeadImport[];
  accountName: (id: string) => string;
}) {
  return (
    <div className="table-scroll">
      <table>
        <caption>Imports of the campaign</caption>
        <thead>
          <tr>
            <th scope="col">Started</th>
            <th scope="col">Source</th>
            <th scope="col">Sender</th>
            <th scope="col">Status</th>
            <th scope="col">Read</th>
            <th scope="col">Added</th>
            <th scope="col">Skipped</th>
            <th scope="col">Left out by the cap</th>
            <th scope="col">Report</th>
          </tr>
        </thead>
        <tbody>
          {imports.map((job) => (
            <tr key={job.id}>
              <th scope="row" className="nowrap">
                {dateTime(job.createdAt)}
              </th>
              <td className="break-anywhere">{sourceLabel(job.source)}</td>
              <td>{accountName(job.accountId)}</td>
              <td>
                <Badge tone={importStatusTone(job.status)}>{importStatusLabel(job.status)}</Badge>
              </td>
              <td>{job.fetched}</td>
              <td>{job.added}</td>
              <td>{skippedTotal(job.skipped)}</td>
              <td>{job.capped}</td>
              <td>
                <ReportButton
                  importId={job.id}
                  label="CSV"
                  name={`CSV report of the import started ${dateTime(job.createdAt)}`}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
