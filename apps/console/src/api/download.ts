import { useMutation } from '@tanstack/react-query';
import type { OutreachClient } from '@outreach/client';
import { useFetchClient } from './session.js';

/**
 * The file name an attachment answer gives (`Content-Disposition: attachment; filename="…"`), or
 * the fallback when it gives none.
 */
export function attachmentFileName(contentDisposition: string | null, fallback: string): string {
  const quoted = contentDisposition?.match(/filename="([^"]+)"/i)?.[1];
  const bare = contentDisposition?.match(/filename=([^;\s]+)/i)?.[1];
  const name = (quoted ?? bare)?.trim();
  return name ? name.replace(/[\\/]/g, '_') : fallback;
}

/** Hands a file read by the page to the browser as a download under `name`. */
function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; the next task frees it.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** A file answer of the typed client: the body read as a Blob, with its response for the headers. */
type FileCall = (client: OutreachClient) => Promise<{ data?: Blob; response: Response }>;

/**
 * Downloads a file the API answers (a CSV export or report). A plain link would not do: the
 * request must name the workspace in `x-workspace-id`, which only the typed client sends (with
 * the session cookie), so the page reads the answer through it and saves what it read.
 */
export function useFileDownload(fallbackName: string) {
  const client = useFetchClient();
  return useMutation({
    mutationFn: async (call: FileCall) => {
      const { data, response } = await call(client);
      if (data === undefined) throw new Error(`empty response body (HTTP ${response.status})`);
      const name = attachmentFileName(response.headers.get('content-disposition'), fallbackName);
      saveFile(data, name);
      return name;
    },
  });
}
