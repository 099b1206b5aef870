/**
 * The admin CLI, run as a process against this file's database: it creates workspaces (with their
 * first API key), further keys, revokes keys and registers sender accounts, printing JSON with --json.
 */
import { execFile, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { CampaignPage, SenderAccount } from '@outreach/contract';
import { AmbiguousMatchError, asWorkspaceId, connectDb, type Db } from '@outreach/db';
import { testDatabaseUri } from '@outreach/mongo-testkit/vitest';
import { afterEach, describe, expect, it } from 'vitest';
import { runAdmin } from '../src/cli/admin-main.js';
import { ApiClient } from './support/api-client.js';
import { createWorkspace } from './support/fixtures.js';
import { useTestApp } from './support/test-app.js';

const run = promisify(execFile);
const packageDir = fileURLToPath(new URL('..', import.meta.url));

interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** CLI processes still running: a test that fails or times out leaves none behind. */
const running = new Set<ChildProcess>();
afterEach(() => {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
});

/**
 * Runs `outreach-admin` from its TypeScript source, as `pnpm admin` does. Compiling on the fly is
 * slow on a busy machine, so no deadline of its own: the test's timeout bounds it, and `afterEach`
 * kills whatever a timed-out test left running.
 */
async function admin(args: string[]): Promise<CliResult> {
  const started = run(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', 'src/cli/admin.ts', ...args],
    {
      cwd: packageDir,
      env: { ...process.env, MONGODB_URI: testDatabaseUri() },
    },
  );
  running.add(started.child);
  try {
    const { stdout, stderr } = await started;
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  } finally {
    running.delete(started.child);
  }
}

const app = useTestApp({ apiKeyCacheMs: 0 });

describe('outreach-admin', () => {
  let workspaceId: string;
  let apiKey: string;

  it('creates a workspace and prints its id and first API key as JSON', async () => {
    const result = await admin(['workspace', 'create', '--name', 'Acme', '--plan', 'pro', '--json']);
    expect(result.code, result.stderr).toBe(0);
    const printed = JSON.parse(result.stdout) as { workspaceId: string; apiKey: string };
    expect(Object.keys(printed).sort()).toEqual(['apiKey', 'workspaceId']);
    expect(printed.workspaceId).toMatch(/^ws_[0-9a-f]{24}$/);
    ({ workspaceId, apiKey } = printed);
    const res = await new ApiClient(app.baseUrl, apiKey).get<CampaignPage>('/v1/campaigns');
    expect(res.status).toBe(200);
  });

  it('creates another key, prints it with its prefix, and revokes it by prefix alone', async () => {
    const created = await admin(['apikey', 'create', '--workspace', workspaceId, '--json']);
    expect(created.code, created.stderr).toBe(0);
    const key = JSON.parse(created.stdout) as { apiKey: string; prefix: string };
    expect(key.apiKey.startsWith(key.prefix)).toBe(true);
    const client = new ApiClient(app.baseUrl, key.apiKey);
    expect((await client.get('/v1/campaigns')).status).toBe(200);

    const revoked = await admin(['apikey', 'revoke', '--key-prefix', key.prefix, '--json']);
    expect(revoked.code, revoked.stderr).toBe(0);
    const printed = JSON.parse(revoked.stdout) as Record<string, string>;
    expect(Object.keys(printed).sort()).toEqual(['prefix', 'revokedAt', 'workspaceId']);
    expect(printed).toMatchObject({ prefix: key.prefix, workspaceId });
    expect((await client.get('/v1/campaigns')).status).toBe(401);
    // The workspace's first key is untouched.
    expect((await new ApiClient(app.baseUrl, apiKey).get('/v1/campaigns')).status).toBe(200);
  });

  it('registers a connected sender account and prints it', async () => {
    const result = await admin([
      'account',
      'create',
      '--workspace',
      workspaceId,
      '--name',
      'Demo sender',
      '--public-identifier',
      'demo-sender',
      '--json',
    ]);
    expect(result.code, result.stderr).toBe(0);
    const account = JSON.parse(result.stdout) as SenderAccount;
    expect(account).toMatchObject({
      name: 'Demo sender',
      publicIdentifier: 'demo-sender',
      status: 'connected',
    });
    const listed = await new ApiClient(app.baseUrl, apiKey).get<{ items: SenderAccount[] }>('/v1/accounts');
    expect(listed.body.items.map((a) => a.id)).toEqual([account.id]);
  });
});

describe('outreach-admin without a process', () => {
  /** The same CLI in this process, for the paths that need no second look at the process. */
  async function adminHere(args: string[], env: Record<string, string> = { MONGODB_URI: testDatabaseUri() }) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runAdmin(args, { env, out: (text) => out.push(text), err: (text) => err.push(text) });
    return { code, stdout: out.join('\n'), stderr: err.join('\n') };
  }

  it('prints readable text without --json', async () => {
    const result = await adminHere(['workspace', 'create', '--name', 'Readable', '--plan', 'starter']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/workspace ws_[0-9a-f]{24} created/);
    expect(result.stdout).toMatch(/API key .*: okey_/);
  });

  it('fails with a usage message for bad arguments, and clearly for an unknown workspace', async () => {
    const usage = await adminHere(['workspace', 'create', '--name', 'X', '--plan', 'gold']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('--plan must be one of starter, pro, agency');
    const unknown = await adminHere(['apikey', 'create', '--workspace', `ws_${'0'.repeat(24)}`]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('workspace not found');
    const unknownPrefix = await adminHere(['apikey', 'revoke', '--key-prefix', 'okey_nothing', '--json']);
    expect(unknownPrefix.code).toBe(1);
    const noDatabase = await adminHere(['workspace', 'create', '--name', 'X', '--plan', 'pro'], {});
    expect(noDatabase.code).toBe(2);
    expect(noDatabase.stderr).toContain('MONGODB_URI');
  });

  it('narrows a revocation to the workspace named with --workspace', async () => {
    const owner = await createWorkspace(app);
    const bystander = await createWorkspace(app);
    const { apiKey } = await app.db.apiKeys.create(asWorkspaceId(owner.workspaceId), { name: 'narrowed' });
    const elsewhere = await adminHere([
      'apikey',
      'revoke',
      '--key-prefix',
      apiKey.prefix,
      '--workspace',
      bystander.workspaceId,
    ]);
    expect(elsewhere.code).toBe(1);
    expect(elsewhere.stderr).toBe(`no API key with prefix ${apiKey.prefix} in ${bystander.workspaceId}`);
    expect((await app.db.apiKeys.list(asWorkspaceId(owner.workspaceId)))[1]?.revokedAt).toBeNull();

    const here = await adminHere([
      'apikey',
      'revoke',
      '--key-prefix',
      apiKey.prefix,
      '--workspace',
      owner.workspaceId,
    ]);
    expect(here.code, here.stderr).toBe(0);
    expect(here.stdout).toContain(`API key ${apiKey.prefix} of ${owner.workspaceId} revoked at`);
  });

  it('asks for --workspace when keys of several workspaces share the prefix', async () => {
    const db = await connectDb(testDatabaseUri());
    const shared = new AmbiguousMatchError('api key prefix', 'okey_shared', ['ws_a', 'ws_b']);
    const apiKeys = Object.assign(Object.create(db.apiKeys) as Db['apiKeys'], {
      revokeByPrefixAcrossWorkspaces: () => Promise.reject(shared),
    });
    const out: string[] = [];
    const err: string[] = [];
    const code = await runAdmin(['apikey', 'revoke', '--key-prefix', 'okey_shared'], {
      env: { MONGODB_URI: testDatabaseUri() },
      out: (text) => out.push(text),
      err: (text) => err.push(text),
      connect: async () => ({ ...db, apiKeys }),
    });
    expect(code).toBe(1);
    expect(err.join('\n')).toBe(
      'keys of several workspaces have prefix okey_shared (ws_a, ws_b): name one with --workspace',
    );
  });

  it('prints the usage with --help', async () => {
    const help = await adminHere(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('workspace create --name <name> --plan <starter|pro|agency>');
  });

  it('prints a password link for a person and disables them, by e-mail', async () => {
    const token = await app.db.setupTokens.issue(60_000, new Date());
    const setup = await fetch(`${app.baseUrl}/v1/setup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: app.baseUrl },
      body: JSON.stringify({
        token,
        name: 'Cli Person',
        email: 'cli@agency.example',
        password: 'meadow signal copper 44',
      }),
    });
    expect(setup.status).toBe(201);
    const link = await admin([
      'user',
      'reset-link',
      'CLI@agency.example',
      '--base-url',
      'https://outreach.example',
      '--json',
    ]);
    expect(link.code).toBe(0);
    expect(JSON.parse(link.stdout)).toMatchObject({
      email: 'cli@agency.example',
      url: expect.stringMatching(/^https:\/\/outreach\.example\/console\/reset-password\?token=/),
    });
    const disabled = await admin(['user', 'disable', 'cli@agency.example']);
    expect(disabled.code).toBe(0);
    expect(disabled.stdout).toContain('is disabled');
    expect((await admin(['user', 'disable', 'nobody@agency.example'])).code).toBe(1);
    expect((await admin(['user', 'disable'])).code).toBe(2);
  });
});
