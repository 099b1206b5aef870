import type { IncomingMessage } from 'node:http';

export interface Upstream {
  host: string;
  port: number;
}

export interface RoundRobinProxy {
  port: number;
  /** Answers passed on, per upstream (`host:port`). */
  served: Map<string, number>;
  close(): Promise<void>;
}

export declare function startRoundRobinProxy(options: {
  port?: number;
  host?: string;
  upstreams: readonly Upstream[];
  downMs?: number;
  onResponse?: (upstream: Upstream, req: IncomingMessage, upstreamRes: IncomingMessage) => void;
}): Promise<RoundRobinProxy>;
