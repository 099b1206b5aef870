/**
 * The bytes of an uploaded file as text, chunk by chunk: the encoding from its byte order mark,
 * else the `charset` it was sent with, else UTF-8. Bytes that are not text in that encoding, or
 * that hold NUL characters (no CSV does; binary files do), refuse the file, and so does a file
 * past its byte limit, as soon as the limit is passed.
 */
import { TextDecoder } from 'node:util';
import { HttpError } from '../http/http-error.js';

export interface CsvTextOptions {
  /** The `charset` of the request's Content-Type; null when it names none. */
  charset: string | null;
  maxBytes: number;
}

const BYTE_ORDER_MARKS: ReadonlyArray<[bytes: readonly number[], encoding: string]> = [
  [[0xef, 0xbb, 0xbf], 'utf-8'],
  [[0xff, 0xfe], 'utf-16le'],
  [[0xfe, 0xff], 'utf-16be'],
];

/** A zip archive (an .xlsx or .ods workbook) and an OLE compound file (an old .xls). */
const WORKBOOK_SIGNATURES: ReadonlyArray<readonly number[]> = [
  [0x50, 0x4b, 0x03, 0x04],
  [0xd0, 0xcf, 0x11, 0xe0],
];

/** Whether `label` names an encoding this runtime decodes (`utf-8`, `windows-1252`, `latin1`, …). */
export function isKnownCharset(label: string): boolean {
  try {
    new TextDecoder(label);
    return true;
  } catch {
    return false;
  }
}

export async function* csvText(
  body: AsyncIterable<Uint8Array>,
  options: CsvTextOptions,
): AsyncGenerator<string> {
  let decoder: TextDecoder | null = null;
  let encoding = 'utf-8';
  let head: Uint8Array = new Uint8Array(0);
  let bytes = 0;
  for await (const chunk of body) {
    bytes += chunk.byteLength;
    if (bytes > options.maxBytes) throw tooLarge(options.maxBytes);
    if (decoder === null) {
      // The byte order mark and the signatures are read from the first 4 bytes, which a first
      // chunk may not hold.
      head = concat(head, chunk);
      if (head.byteLength < 4) continue;
      ({ decoder, encoding } = decoderFor(head, options.charset));
      const text = decode(decoder, head, encoding, true);
      if (text !== '') yield text;
      continue;
    }
    const text = decode(decoder, chunk, encoding, true);
    if (text !== '') yield text;
  }
  // A file of fewer than 4 bytes is decoded here whole; any other, its last incomplete sequence.
  const rest = decoder === null ? head : new Uint8Array(0);
  if (decoder === null) ({ decoder, encoding } = decoderFor(head, options.charset));
  const text = decode(decoder, rest, encoding, false);
  if (text !== '') yield text;
}

function decoderFor(head: Uint8Array, charset: string | null): { decoder: TextDecoder; encoding: string } {
  if (WORKBOOK_SIGNATURES.some((signature) => startsWith(head, signature))) {
    throw notCsv('the file is not text (it looks like a spreadsheet workbook: export it as CSV first)');
  }
  const marked = BYTE_ORDER_MARKS.find(([mark]) => startsWith(head, mark));
  const encoding = marked?.[1] ?? charset ?? 'utf-8';
  // `fatal`: bytes that are not text in the encoding refuse the file instead of becoming U+FFFD.
  return { decoder: new TextDecoder(encoding, { fatal: true }), encoding };
}

function decode(decoder: TextDecoder, bytes: Uint8Array, encoding: string, stream: boolean): string {
  let text: string;
  try {
    text = decoder.decode(bytes, { stream });
  } catch {
    throw notCsv(
      `the file is not ${encoding} text (send its charset with the Content-Type, e.g. text/csv; charset=windows-1252, or save it as CSV UTF-8)`,
    );
  }
  if (text.includes('\u0000')) throw notCsv('the file is not text (it holds NUL characters)');
  return text;
}

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.length <= bytes.byteLength && prefix.every((byte, index) => bytes[index] === byte);
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const joined = new Uint8Array(a.byteLength + b.byteLength);
  joined.set(a, 0);
  joined.set(b, a.byteLength);
  return joined;
}

function notCsv(message: string): HttpError {
  return new HttpError(422, message, { code: 'invalid_csv' });
}

export function tooLarge(maxBytes: number): HttpError {
  return new HttpError(413, `the file is larger than ${maxBytes / (1024 * 1024)} MiB`, {
    code: 'payload_too_large',
    details: { maxBytes },
  });
}
