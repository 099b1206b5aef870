import { useFileDownload } from '../../api/download.js';
import { ActionError } from '../../components/states.js';

/**
 * Downloads every lead of the campaign as one CSV (the API's export: contact details, progress,
 * custom variables). Offered only to roles with `workspace:configure`, as the API allows it.
 */
export function ExportLeads({ campaignId }: { campaignId: string }) {
  const download = useFileDownload('leads.csv');
  return (
    <div className="controls">
      <button
        type="button"
        disabled={download.isPending}
        onClick={() =>
          download.mutate((client) =>
            client.GET('/v1/campaigns/{campaignId}/leads/export', {
              params: { path: { campaignId } },
              parseAs: 'blob',
            }),
          )
        }
      >
        {download.isPending ? 'Exporting…' : 'Export leads (CSV)'}
      </button>
      {download.isSuccess && <span role="status">Downloaded {download.data}.</span>}
      <ActionError error={download.error} />
    </div>
  );
}
