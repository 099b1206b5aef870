// De-risks the README's manual set-up for a newcomer whose machine has an older Node: its commands
// that install Node 24 and the pinned pnpm (the ```sh blocks of "Quick start", "Manual set-up",
// that run `npm install --global`), run as written, in a fresh HOME (so a fresh prefix), with the
// machine's older node first on PATH when it has one, give a new shell, using only the PATH lines
// the README gives, `node` 24 and the pnpm that package.json pins. The real npm cache is shared
// (`npm_config_cache`), so what was downloaded once is not downloaded again.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sectionShellBlocks } from '../../scripts/readme-walkthrough.mjs';
import { newcomerEnv } from './support/newcomer.js';

const repoRoot = new URL('../../', import.meta.url).pathname;
const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
const pinnedPnpm = (
  JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { packageManager: string }
).packageManager.replace(/^pnpm@/, '');
const pinnedNode = readFileSync(join(repoRoot, '.nvmrc'), 'utf8').trim();

/** The README's install blocks, as written. */
const installBlocks = sectionShellBlocks(readme, 'Quick start').filter((block) =>
  /^npm install --global /m.test(block),
);
/** The lines those blocks tell the reader to add to their shell profile. */
const pathLines = installBlocks.flatMap((block) =>
  block.split('\n').filter((line) => /^export PATH=/.test(line)),
);

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

describe("the README's Node and pnpm install commands", () => {
  it('install the Node.js version .nvmrc pins, which ./outreach and CI install too', () => {
    expect(installBlocks.join('\n')).toContain(`node@${pinnedNode}`);
  });

  it('give a fresh shell node 24 and the pinned pnpm, from the PATH lines the README gives', async () => {
    expect(installBlocks).toHaveLength(2);
    expect(pathLines).toHaveLength(2);
    const home = mkdtempSync(join(tmpdir(), 'outreach-readme-home-'));
    const npmCache = execFileSync('npm', ['config', 'get', 'cache'], { encoding: 'utf8' }).trim();
    const env = newcomerEnv(home, { npm_config_cache: npmCache });
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
