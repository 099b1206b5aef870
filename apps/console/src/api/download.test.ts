// De-risks the name a downloaded CSV is saved under: the API's own (campaign and date, or the
// import's id), a fallback when it names none, and never a path.
import { describe, expect, it } from 'vitest';
import { attachmentFileName } from './download.js';

describe('the name of a downloaded file', () => {
  it("takes the attachment's quoted file name", () => {
    expect(
      attachmentFileName('attachment; filename="fintech-founders-leads-2025-06-03.csv"', 'leads.csv'),
    ).toBe('fintech-founders-leads-2025-06-03.csv');
  });

  it('takes an unquoted file name too', () => {
    expect(attachmentFileName('attachment; filename=report.csv; size=3', 'x.csv')).toBe('report.csv');
  });

  it('falls back when the answer names no file, and keeps a name from naming a folder', () => {
    expect(attachmentFileName(null, 'leads.csv')).toBe('leads.csv');
    expect(attachmentFileName('attachment', 'leads.csv')).toBe('leads.csv');
    expect(attachmentFileName('attachment; filename="../evil/x.csv"', 'leads.csv')).toBe('.._evil_x.csv');
  });
});
