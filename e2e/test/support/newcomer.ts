import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname } from 'node:path';

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

/** The directory of an older node (before 22) the machine has, else of the node running this. */
export function startingNodeDir(): string {
  for (const candidate of ['/usr/bin/node', '/usr/local/bin/node']) {
    if (!existsSync(candidate)) continue;
    const major = Number(/^v(\d+)/.exec(execFileSync(candidate, ['--version'], { encoding: 'utf8' }))?.[1]);
    if (major < 22) return dirname(candidate);
  }
  return dirname(process.execPath);
}

/**
 * The environment of a newcomer's shell in `home`: nothing of this machine's toolchain on PATH but
 * its starting node (and the npm beside it) and the system's own folders, the network settings,
 * and `extra`.
 */
export function newcomerEnv(home: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const path = [...new Set([startingNodeDir(), '/usr/local/bin', '/usr/bin', '/bin'])].join(':');
  const env: NodeJS.ProcessEnv = { HOME: home, PATH: path };
  for (const name of NETWORK_VARIABLES) if (process.env[name] !== undefined) env[name] = process.env[name];
  return { ...env, ...extra };
}
