/**
 * One simulator per test file on 127.0.0.1 and an `openai`-client model pointed at it. Backoff
 * waits are recorded and skipped, so retry tests assert the waits asked for without sleeping them.
 */
import { afterAll, afterEach, beforeAll } from 'vitest';
import { createOpenAiLanguageModel, type OpenAiModelOptions } from '../src/openai/openai-chat.model.js';
import type { LanguageModel } from '../src/port/language-model.port.js';
import {
  createLlmSimulator,
  type LlmSimulator,
  type RunningLlmSimulator,
} from '../src/simulator/llm-simulator.js';

export const API_KEY = 'sk-test-simulator';

export interface SimulatorHarness {
  simulator: LlmSimulator;
  running: RunningLlmSimulator;
  /** Backoff waits the model asked for, in ms. */
  waits: number[];
  model(overrides?: Partial<OpenAiModelOptions>): LanguageModel;
}

export function useSimulator(): SimulatorHarness {
  const harness = { waits: [] as number[] } as unknown as SimulatorHarness;
  beforeAll(async () => {
    harness.simulator = createLlmSimulator({ apiKey: API_KEY });
    harness.running = await harness.simulator.listen(0, '127.0.0.1');
    harness.model = (overrides = {}) =>
      createOpenAiLanguageModel({
        baseURL: harness.running.baseURL,
        apiKey: API_KEY,
        model: harness.simulator.model,
        timeoutMs: 15_000,
        random: () => 0,
        sleep: (ms) => {
          harness.waits.push(ms);
          return Promise.resolve();
        },
        ...overrides,
      });
  });
  afterEach(() => {
    harness.simulator.clearFaults();
    harness.waits.length = 0;
  });
  afterAll(() => harness.running.close());
  return harness;
}

/** How many chat completions the simulator has received so far. */
export function requestCount(harness: SimulatorHarness): number {
  return harness.simulator.requests.length;
}
