// De-risks the pasted profile URLs: they reach the API as a file it reads like any other, one
// cell per pasted line whatever the line holds, so nothing is split or dropped in the browser.
import { describe, expect, it } from 'vitest';
import { pastedLineCount, pastedUrlsCsv } from './pasted-urls.js';

describe('pasted profile URLs as a file', () => {
  it('writes one quoted cell per non-blank line under a Profile URL header', () => {
    const csv = pastedUrlsCsv(
      ' https://www.linkedin.com/in/ada-lovelace/\n\nhttps://linkedin.com/in/grace-hopper\r\n',
    );
    expect(csv).toBe(
      'Profile URL\r\n"https://www.linkedin.com/in/ada-lovelace/"\r\n"https://linkedin.com/in/grace-hopper"\r\n',
    );
  });

  it('keeps a line holding delimiters or quotes as one cell, for the API to judge', () => {
    expect(pastedUrlsCsv('Ada, "the first"; programmer')).toBe(
      'Profile URL\r\n"Ada, ""the first""; programmer"\r\n',
    );
  });

  it('makes no file of blank text, and counts the lines it would send', () => {
    expect(pastedUrlsCsv(' \n\n')).toBeNull();
    expect(pastedLineCount('a\n\n b \r\nc')).toBe(3);
  });
});
