import { Worker } from 'node:worker_threads';

/**
 * The receiver both contenders post to, in its own thread so that the work of answering is not
 * billed to the sender under test. It answers 200 at once and reports when it has seen `target`
 * requests since the last reset. Plain JavaScript, evaluated by the worker, so no loader is needed.
 */
const source = `
const { parentPort } = require('node:worker_threads');
const http = require('node:http');
let count = 0;
let target = Infinity;
const server = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    count += 1;
    if (count === target) parentPort.postMessage({ reached: count });
  });
});
server.keepAliveTimeout = 60000;
server.listen(0, '127.0.0.1', () => parentPort.postMessage({ port: server.address().port }));
parentPort.on('message', (message) => {
  if (message.reset !== undefined) { count = 0; target = message.reset; parentPort.postMessage({ ready: true }); }
  if (message.close) server.close(() => process.exit(0));
});
`;

export interface BenchReceiver {
  url: string;
  /** Starts counting from zero; `arrived` settles once `target` requests came in. */
  expect(target: number): Promise<{ arrived: Promise<void> }>;
  close(): Promise<void>;
}

export async function startBenchReceiver(): Promise<BenchReceiver> {
  const worker = new Worker(source, { eval: true });
  const next = <T>(key: string): Promise<T> =>
    new Promise((resolve) => {
      const listen = (message: Record<string, unknown>): void => {
        if (!(key in message)) return;
        worker.off('message', listen);
        resolve(message[key] as T);
      };
      worker.on('message', listen);
    });
  const port = await next<number>('port');
  return {
    url: `http://127.0.0.1:${port}/hook`,
    async expect(target) {
      const ready = next<boolean>('ready');
      worker.postMessage({ reset: target });
      await ready;
      const reached = next<number>('reached');
      return { arrived: reached.then(() => undefined) };
    },
    async close() {
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      worker.postMessage({ close: true });
      await exited;
    },
  };
}
