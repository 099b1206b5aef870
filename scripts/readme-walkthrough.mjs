#!/usr/bin/env node
// Runs the curl walkthrough of apps/api/README.md exactly as it is written (every ```sh block of
// its "Walkthrough" section, in order, in one bash), against the service `pnpm start` runs: the
// README's commands are the test, so they cannot drift from what the service does. Each command is
// echoed before it runs; the first that fails (an answer of 400 or more fails `call`) stops the run
// with its status. Whatever the walkthrough started in the background (its webhook receiver) is
// stopped at the end. Reads OUTREACH_STATE_FILE and HOOK_PORT as the walkthrough does.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const README = 'apps/api/README.md';

/** The ```sh blocks of a markdown's `## <heading>` section, in order, each as its text. */
export function sectionShellBlocks(markdown, heading) {
  const section = markdown.split(/^## /m).find((part) => part.startsWith(heading));
  if (section === undefined) throw new Error(`no "## ${heading}" section`);
  return [...section.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((match) => match[1]);
}

/** The shell commands of the README's walkthrough section, in order. */
export function walkthroughCommands(markdown) {
  const blocks = sectionShellBlocks(markdown, 'Walkthrough');
  if (blocks.length === 0) throw new Error(`the walkthrough of ${README} has no sh block`);
  return blocks.join('\n');
}

function run() {
  const commands = walkthroughCommands(readFileSync(new URL(`../${README}`, import.meta.url), 'utf8'));
  // -e: stop at the first failing command; -v: echo each line as it is read.
  const shell = spawn('bash', ['-c', `set -eo pipefail -v\n${commands}`], {
    cwd: root,
    stdio: 'inherit',
    // A group of its own, so that what the walkthrough starts in the background is stopped with it.
    detached: true,
  });
  const stopGroup = () => {
    try {
      process.kill(-shell.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  };
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopGroup());
  shell.on('exit', (code, signal) => {
    stopGroup();
    if (code !== 0) console.error(`\nthe walkthrough stopped: ${signal ?? `exit code ${code}`}`);
    process.exit(code ?? 1);
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) run();
