/**
 * The language model of the runner's AI tests: the OpenAI-compatible simulator on 127.0.0.1 (one
 * per test file), reached through the official `openai` client exactly as in production
 * (`createLanguageModel` with the MongoDB budget and cache), with the `LLM_*` settings a test gives.
 */
import { asWorkspaceId } from '@outreach/db';
import {
  budgetStoreOver,
  completionCacheOver,
  createLanguageModel,
  createLlmSimulator,
  createMemoryCompletionCache,
  loadLlmConfig,
  type CompletionCache,
  type LanguageModel,
  type LlmSimulator,
  type RunningLlmSimulator,
} from '@outreach/llm';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { createRunner, type Runner } from '../../src/runner/runner.js';
import type { RunnerOptions } from '../../src/context/runner-context.js';
import type { ProviderNetworkPort } from '@outreach/network';
import type { World } from './runner-harness.js';

/** Polls a day so frequent that every pass reconciles (the gap rounds to 0 ms). */
const EVERY_PASS = 1e12;

export interface SimulatedEndpoint {
  simulator: LlmSimulator;
  running: RunningLlmSimulator;
  /** The tasks of the completion requests received so far, in order. */
  tasks(): (string | null)[];
}

/** Starts the simulator for the test file; faults left queued by a test are cleared after it. */
export function useLlmSimulator(): SimulatedEndpoint {
  const endpoint = {
    tasks: () => endpoint.simulator.requests.map((request) => request.task),
  } as SimulatedEndpoint;
  beforeAll(async () => {
    endpoint.simulator = createLlmSimulator();
    endpoint.running = await endpoint.simulator.listen(0, '127.0.0.1');
  });
  afterEach(() => endpoint.simulator.clearFaults());
  afterAll(() => endpoint.running.close());
  return endpoint;
}

/**
 * The model as the runner process builds it, pointed at the simulator. Generous default timeout
 * (the machine is loaded); fault tests set their own `LLM_*` values.
 */
export function simulatedModel(
  world: World,
  endpoint: SimulatedEndpoint,
  env: Record<string, string> = {},
  cache: CompletionCache = completionCacheOver(world.db.modelAnswers, asWorkspaceId),
): LanguageModel {
  const model = createLanguageModel(
    loadLlmConfig({
      LLM_BASE_URL: endpoint.running.baseURL,
      LLM_MODEL: endpoint.simulator.model,
      LLM_TIMEOUT_MS: '20000',
      ...env,
    }),
    { budgetStore: budgetStoreOver(world.db.modelUsage, asWorkspaceId), cache, clock: world.clock },
  );
  if (model === null) throw new Error('expected a configured model');
  return model;
}

/** A model with a cache of its own (a process that never saw the answers of another). */
export function uncachedModel(world: World, endpoint: SimulatedEndpoint): LanguageModel {
  return simulatedModel(world, endpoint, {}, createMemoryCompletionCache());
}

let runners = 0;

/** A runner over the world that asks `model`. */
export function runnerWithModel(
  world: World,
  model: LanguageModel,
  options: Partial<RunnerOptions> = {},
  network: ProviderNetworkPort = world.network,
): Runner {
  return createRunner(
    {
      store: world.store,
      network,
      clock: world.clock,
      realClock: world.realClock,
      logger: pino({ level: process.env['RUNNER_TEST_LOG'] ?? 'silent' }),
      languageModel: model,
    },
    {
      runnerId: `ai-runner-${(runners += 1)}`,
      concurrency: 2,
      eventPollMs: 0,
      reconcilePollsPerDay: EVERY_PASS,
      ...options,
    },
  );
}
