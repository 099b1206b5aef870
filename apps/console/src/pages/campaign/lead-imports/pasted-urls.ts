/** The header of the file made from pasted profile URLs (the API's suggested mapping reads it as the profile URL). */
export const PASTED_URLS_COLUMN = 'Profile URL';

/**
 * Pasted profile URLs, one per line, as a one-column CSV file to upload: the same server-side path
 * as a chosen file, so the API reads, checks and reports every line (the browser parses nothing).
 * Each line is written as one quoted cell (a quote inside doubled), so whatever was pasted stays
 * one cell of its own line. Blank lines are left out; null when nothing is left.
 */
export function pastedUrlsCsv(text: string): string | null {
  const lines = text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  if (lines.length === 0) return null;
  const cells = lines.map((line) => `"${line.replaceAll('"', '""')}"`);
  return [PASTED_URLS_COLUMN, ...cells].join('\r\n') + '\r\n';
}

/** How many lines would be uploaded, for the count beside the box. */
export function pastedLineCount(text: string): number {
  return text.split(/\r\n|\r|\n/).filter((line) => line.trim() !== '').length;
}
