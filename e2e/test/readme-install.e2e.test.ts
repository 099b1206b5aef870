// De-risks the README's first promise to a newcomer whose machine has an older Node: its commands
// that install Node 24 and the pinned pnpm (the ```sh blocks of "Quick start" that run
// `npm install --global`), run as written, in a fresh HOME (so a fresh prefix), with the machine's
// older node first on PATH when it has one, give a new shell, using only the PATH lines the README
// gives, `node` 24 and the pnpm that package.json pins. The real npm cache is shared
// (`npm_config_cache`), so what was downloaded once is not downloaded again.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sectionShellBlocks } from '../../scripts/readme-walkthrough.mjs';

const repoRoot = new URL('../../', import.meta.url).pathname;
const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
const pinnedPnpm = (
  JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { packageManager: string }
).packageManager.replace(/^pnpm@/, '');

/** The README's install blocks, as written. */
const installBlocks = sectionShellBlocks(readme, 'Quick start').filter((block) =>
  /^npm install --global /m.test(block),
);
/** The lines those blocks tell the reader to add to their shell profile. */
const pathLines = installBlocks.flatMap((block) =>
  block.split('\n').filter((line) => /^export PATH=/.test(line)),
);

/** The directory of an older node (before 22) the machine has, else of the node running this. */
function startingNodeDir(): string {
  for (const candidate of ['/usr/bin/node', '/usr/local/bin/node']) {
    if (!existsSync(candidate)) continue;
    const major = Number(/^v(\d+)/.exec(execFileSync(candidate, ['--version'], { encoding: 'utf8' }))?.[1]);
    if (major < 22) return dirname(candidate);
  }
  return dirname(process.execPath);
}

/** Runs `script` in bash from `cwd`: its exit code, its stdout, and both streams together. */
function bash(
  script: string,
  env: NodeJS.ProcessEnv,
  cwd: string,
): Promise<{ code: number | null; stdout: string; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', script], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code, stdout, output }));
  });
}

/** The network settings a newcomer's shell has too: proxies and the certificates they need. */
const NETWORK_VARIABLES = [
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'NO_PROXY',
  'http_proxy',
  'https_proxy',
  'no_proxy',
  'NODE_EXTRA_CA_CERTS',
  'SSL_CERT_FILE',
  'SSL_CERT_DIR',
  'npm_config_registry',
  'npm_config_cafile',
];

describe("the README's Node and pnpm install commands", () => {
  it('give a fresh shell node 24 and the pinned pnpm, from the PATH lines the README gives', async () => {
    expect(installBlocks).toHaveLength(2);
    expect(pathLines).toHaveLength(2);
    const home = mkdtempSync(join(tmpdir(), 'outreach-readme-home-'));
    const npmCache = execFileSync('npm', ['config', 'get', 'cache'], { encoding: 'utf8' }).trim();
    const nodeDir = startingNodeDir();
    // Nothing of this machine's toolchain but its starting node (and the npm beside it) and the
    // system's own folders: what a newcomer's shell has.
    const basePath = [...new Set([nodeDir, '/usr/local/bin', '/usr/bin', '/bin'])].join(':');
    const env: NodeJS.ProcessEnv = { HOME: home, PATH: basePath, npm_config_cache: npmCache };
    for (const name of NETWORK_VARIABLES) if (process.env[name] !== undefined) env[name] = process.env[name];
    try {
      const install = await bash(`set -eo pipefail\n${installBlocks.join('\n')}`, env, home);
      expect(install.code, install.output.slice(-4000)).toBe(0);

      // A new shell: the reader's profile holds the README's PATH lines, nothing else.
      const profile = pathLines.join('\n');
      const node = await bash(`${profile}\nnode --version`, env, home);
      const pnpm = await bash(`${profile}\npnpm --version`, env, home);
      expect(node.stdout.trim(), node.output).toMatch(/^v24\.\d+\.\d+$/);
      expect(pnpm.stdout.trim(), pnpm.output).toBe(pinnedPnpm);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  }, 360_000);
});
