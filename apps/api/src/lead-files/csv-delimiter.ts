/**
 * The cell delimiter of a CSV file, read once from its header line. Spreadsheets write `;` where
 * the decimal separator is a comma (most of Europe) and tabs when asked for "text"; reading each
 * row with its own guess would split a cell holding a comma in one row and not in the next, so the
 * header decides for the whole file.
 */
export const CSV_DELIMITERS = [',', ';', '\t'] as const;
export type CsvDelimiter = (typeof CSV_DELIMITERS)[number];

/**
 * Where the header line ends in `text`: the index of its first line break outside quotes, or -1
 * when `text` holds none yet (the header may go on in the next chunk, or be the whole file).
 */
export function headerLineEnd(text: string): number {
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) return index;
  }
  return -1;
}

/**
 * Whichever of `,` `;` and tab the header line holds most outside quotes; `,` when it holds none
 * (a one-column file) and on a tie, RFC 4180's own delimiter.
 */
export function detectDelimiter(headerLine: string): CsvDelimiter {
  const counts = new Map<CsvDelimiter, number>(CSV_DELIMITERS.map((delimiter) => [delimiter, 0]));
  let quoted = false;
  for (const char of headerLine) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && counts.has(char as CsvDelimiter)) {
      counts.set(char as CsvDelimiter, (counts.get(char as CsvDelimiter) ?? 0) + 1);
    }
  }
  let best: CsvDelimiter = ',';
  for (const delimiter of CSV_DELIMITERS) {
    if ((counts.get(delimiter) ?? 0) > (counts.get(best) ?? 0)) best = delimiter;
  }
  return best;
}
