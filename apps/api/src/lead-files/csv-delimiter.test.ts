import { describe, expect, it } from 'vitest';
import { detectDelimiter, headerLineEnd } from './csv-delimiter.js';

describe('the delimiter', () => {
  it('is the one the header line holds most', () => {
    expect(detectDelimiter('LinkedIn URL,First Name,Last Name')).toBe(',');
    expect(detectDelimiter('LinkedIn URL;First Name;Last Name')).toBe(';');
    expect(detectDelimiter('LinkedIn URL\tFirst Name\tCompany, Inc.')).toBe('\t');
  });

  it('ignores what stands inside quotes', () => {
    expect(detectDelimiter('"Name; full";"Company, legal";Email')).toBe(';');
    expect(detectDelimiter('"a;b;c;d",e,f')).toBe(',');
  });

  it('is a comma for a one-column header and on a tie', () => {
    expect(detectDelimiter('Profile URL')).toBe(',');
    expect(detectDelimiter('a;b,c')).toBe(',');
  });
});

describe('the header line', () => {
  it('ends at the first line break outside quotes', () => {
    expect(headerLineEnd('a,b\r\n1,2')).toBe(3);
    expect(headerLineEnd('a,b\n1,2')).toBe(3);
    expect(headerLineEnd('a,b\r1,2')).toBe(3);
    expect(headerLineEnd('"a\nb",c\n1,2')).toBe(7);
  });

  it('has not ended while no break is found', () => {
    expect(headerLineEnd('a,b')).toBe(-1);
    expect(headerLineEnd('"a\nb')).toBe(-1);
  });
});
