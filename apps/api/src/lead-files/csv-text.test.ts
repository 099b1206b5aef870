/**
 * An upload's bytes as text: byte order marks choose the encoding and disappear, a declared
 * charset is honoured, and bytes that are not text refuse the file, as does a file over its limit.
 */
import { describe, expect, it } from 'vitest';
import { csvText } from './csv-text.js';

async function* bytes(...parts: Array<number[] | string>): AsyncGenerator<Uint8Array> {
  for (const part of parts)
    yield typeof part === 'string' ? Buffer.from(part, 'utf8') : Uint8Array.from(part);
}

async function text(body: AsyncIterable<Uint8Array>, charset: string | null = null, maxBytes = 1000) {
  let out = '';
  for await (const chunk of csvText(body, { charset, maxBytes })) out += chunk;
  return out;
}

describe('an upload’s text', () => {
  it('is UTF-8 without its byte order mark, also when characters span chunks', async () => {
    const e = Buffer.from('é', 'utf8');
    expect(await text(bytes([0xef, 0xbb], [0xbf, 0x61, e[0] ?? 0], [e[1] ?? 0, 0x62]))).toBe('aéb');
  });

  it('is UTF-16 when its byte order mark says so', async () => {
    const utf16 = Buffer.from('\uFEFFa;b\n', 'utf16le');
    expect(await text(bytes([...utf16]))).toBe('a;b\n');
  });

  it('is decoded with the declared charset', async () => {
    expect(await text(bytes([0x50, 0x72, 0xe9, 0x6e, 0x6f, 0x6d]), 'windows-1252')).toBe('Prénom');
  });

  it('refuses bytes that are not UTF-8, NUL characters and workbooks', async () => {
    await expect(text(bytes([0x61, 0x62, 0xe9, 0x0a, 0x63]))).rejects.toMatchObject({
      statusCode: 422,
      code: 'invalid_csv',
    });
    await expect(text(bytes('a,b\n\u0000\u0001'))).rejects.toMatchObject({ statusCode: 422 });
    await expect(text(bytes([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]))).rejects.toThrow('spreadsheet workbook');
  });

  it('refuses a file past its byte limit as soon as it is passed', async () => {
    await expect(text(bytes('a'.repeat(600), 'b'.repeat(600)), null, 1000)).rejects.toMatchObject({
      statusCode: 413,
      code: 'payload_too_large',
    });
  });

  it('reads files shorter than a byte order mark', async () => {
    expect(await text(bytes('a'))).toBe('a');
    expect(await text(bytes())).toBe('');
  });
});
