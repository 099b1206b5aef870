import { useFileDownload } from '../../../api/download.js';
import { ActionError } from '../../../components/states.js';

/** Downloads an import's report: every person it read, added or skipped and why (CSV). */
export function ReportButton({ importId, label, name }: { importId: string; label: string; name?: string }) {
  const download = useFileDownload(`lead-import-${importId}.csv`);
  return (
    <>
      <button
        type="button"
        aria-label={name}
        disabled={download.isPending}
        onClick={() =>
          download.mutate((client) =>
            client.GET('/v1/lead-imports/{importId}/report', {
              params: { path: { importId } },
              parseAs: 'blob',
            }),
          )
        }
      >
        {label}
      </button>
      <ActionError error={download.error} />
    </>
  );
}
