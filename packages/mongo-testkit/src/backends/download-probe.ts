import { connect } from 'node:net';

const DEFAULT_DOWNLOAD_ORIGIN = 'https://fastdl.mongodb.org';
const PROXY_VARIABLES = ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy', 'ALL_PROXY', 'all_proxy'];

/**
 * Where mongodb-memory-server would download mongod from: its proxy if one is configured, else the
 * `MONGOMS_DOWNLOAD_URL` / `MONGOMS_DOWNLOAD_MIRROR` host, else MongoDB's download server.
 */
export function downloadEndpoint(env: NodeJS.ProcessEnv): { host: string; port: number } {
  const proxy = PROXY_VARIABLES.map((name) => env[name]).find((value) => value !== undefined && value !== '');
  const origin =
    proxy ?? env['MONGOMS_DOWNLOAD_URL'] ?? env['MONGOMS_DOWNLOAD_MIRROR'] ?? DEFAULT_DOWNLOAD_ORIGIN;
  const url = new URL(origin.includes('://') ? origin : `http://${origin}`);
  const port = url.port !== '' ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
  return { host: url.hostname, port };
}

/**
 * Whether a TCP connection to the endpoint opens within `timeoutMs`. Without network access this
 * fails fast (no DNS) or at the timeout (filtered traffic), instead of after mongodb-memory-server's
 * download retries, which take minutes.
 */
export function canConnect(endpoint: { host: string; port: number }, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: endpoint.host, port: endpoint.port });
    const finish = (reachable: boolean): void => {
      socket.destroy();
      resolve(reachable);
    };
    socket.setTimeout(timeoutMs, () => finish(false));
    socket.once('connect', () => finish(true));
    socket.once('error', () => finish(false));
  });
}
