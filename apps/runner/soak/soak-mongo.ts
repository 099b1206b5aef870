/**
 * The test kit's MongoDB in a child process (the benchmark's `mongo-server.child.ts`), so that the
 * database and the soak do not share one thread.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';

export async function startMongoProcess(): Promise<{ uri: string; stop(): Promise<void> }> {
  const script = new URL('../bench/mongo-server.child.ts', import.meta.url).pathname;
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = (await once(createInterface({ input: child.stdout }), 'line')) as [string];
  const { uri } = JSON.parse(line) as { uri: string };
  return {
    uri,
    async stop() {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}
