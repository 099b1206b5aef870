import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { asWorkspaceId, type Db, type WorkspaceId } from '@outreach/db';
import { newWorkspaceId } from './scenario-fixture.js';

/** A workspace subscribed to `campaign_completed` at `url`, and one such event in the outbox. */
export async function seedEvent(
  db: Db,
  url: string,
  transitionKey: string,
): Promise<{ workspaceId: WorkspaceId; secret: string; eventId: string }> {
  const workspaceId = asWorkspaceId(newWorkspaceId());
  const { subscription } = await db.webhookSubscriptions.subscribe(workspaceId, {
    url,
    type: 'campaign_completed',
  });
  const { event } = await db.events.insert(workspaceId, {
    type: 'campaign_completed',
    transitionKey,
    data: { campaignId: 'cmp_000000000000000000000001', name: 'Spring', totalLeads: 3 },
    timestamp: new Date(),
  });
  return { workspaceId, secret: subscription.secret, eventId: event.id };
}

const mainPath = fileURLToPath(new URL('../main.ts', import.meta.url));

/** Runs `src/main.ts` in a child Node process; resolves with its exit code and output. */
export function runMain(
  env: Record<string, string>,
  onStart?: (child: ChildProcess, output: () => string) => void,
): Promise<[number | null, string]> {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', mainPath], {
    env: { PATH: process.env['PATH'] ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // A test that fails or times out before the child ends must not leave it running.
  const killChild = () => child.kill('SIGKILL');
  process.once('exit', killChild);
  child.once('exit', () => process.removeListener('exit', killChild));
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  onStart?.(child, () => output);
  return new Promise((resolve) => child.on('exit', (code) => resolve([code, output])));
}
