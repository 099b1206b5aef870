import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The test kit's server (`outreach-mongo`) in a process of its own, so the database does not
 * share the event loop of the API being measured.
 */
export async function startDatabaseProcess(): Promise<{ uri: string; stop(): void }> {
  const cli = join(dirname(fileURLToPath(import.meta.resolve('@outreach/mongo-testkit'))), 'cli.ts');
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', cli, '--port', String(port)],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const uri = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`outreach-mongo exited with ${code}`)));
    child.stdout.on('data', (chunk: Buffer) => {
      const match = /mongodb:\/\/\S+/.exec(chunk.toString());
      if (match) resolve(match[0]);
    });
  });
  // A bench that fails half-way (a seed error) does not leave the database running behind it.
  process.once('exit', () => child.kill('SIGTERM'));
  return { uri, stop: () => child.kill('SIGTERM') };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
