import { connect } from 'node:net';

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends `request` as bytes on a fresh connection to 127.0.0.1:`port` (for requests no HTTP client
 * would send) and reads the answer until the server closes the connection. `keepOpen` leaves the
 * writing side open, as a client that never finishes its body does.
 */
export function rawRequest(port: number, request: string | Buffer, keepOpen = false): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      try {
        resolve(parseAnswer(Buffer.concat(chunks).toString('utf8')));
      } catch (error) {
        reject(error as Error);
      }
    });
    if (keepOpen) socket.write(request);
    else socket.end(request);
  });
}

function parseAnswer(text: string): RawAnswer {
  const end = text.indexOf('\r\n\r\n');
  if (end < 0) throw new Error(`no HTTP answer: ${JSON.stringify(text.slice(0, 200))}`);
  const [statusLine = '', ...lines] = text.slice(0, end).split('\r\n');
  const status = Number(statusLine.split(' ')[1]);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status, headers, body: text.slice(end + 4) };
}
