// De-risks lead import: what a person pastes (profile URLs, or a CSV exported from a spreadsheet)
// becomes the leads the API expects, and a bad line is reported by number instead of dropped.
import { describe, expect, it } from 'vitest';
import { parseLeadsInput } from './leads-input.js';

describe('reading pasted leads', () => {
  it('takes one profile URL per line and reports the lines that are not one', () => {
    const parsed = parseLeadsInput(
      'https://www.linkedin.com/in/ada-lovelace/\n\nhttps://linkedin.com/in/grace-hopper\nnot a url',
    );
    expect(parsed.leads).toEqual([
      { networkUrl: 'https://www.linkedin.com/in/ada-lovelace/' },
      { networkUrl: 'https://linkedin.com/in/grace-hopper' },
    ]);
    expect(parsed.problems).toEqual(['line 4: not a profile URL (https://www.linkedin.com/in/…): not a url']);
  });

  it('reads a CSV by its header, quoted cells included, and keeps unknown columns as custom variables', () => {
    const parsed = parseLeadsInput(
      [
        'Profile URL,First name,Company,Favourite topic',
        'https://www.linkedin.com/in/ada-lovelace/,Ada,"Engines, Analytical",poetry',
        ',Nobody,Nowhere,',
      ].join('\n'),
    );
    expect(parsed.leads).toEqual([
      {
        networkUrl: 'https://www.linkedin.com/in/ada-lovelace/',
        firstName: 'Ada',
        companyName: 'Engines, Analytical',
        customVariables: { 'Favourite topic': 'poetry' },
      },
    ]);
    expect(parsed.problems).toEqual(['line 3: no profile URL or public identifier']);
  });
});
