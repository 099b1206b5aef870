#!/usr/bin/env node
/**
 * `outreach-llm-simulator`: serves the OpenAI-compatible simulator until SIGINT or SIGTERM.
 * LLM_SIMULATOR_PORT (default 4030, clear of the sandbox and provider simulators' ports), LLM_SIMULATOR_HOST (127.0.0.1), LLM_SIMULATOR_MODEL,
 * LLM_SIMULATOR_API_KEY (when set, requests must carry it).
 */
import { z } from 'zod';
import { createLlmSimulator } from './llm-simulator.js';

const envSchema = z.object({
  LLM_SIMULATOR_PORT: z.coerce.number().int().min(0).max(65_535).default(4030),
  LLM_SIMULATOR_HOST: z.string().min(1).default('127.0.0.1'),
  LLM_SIMULATOR_MODEL: z.string().min(1).default('outreach-simulated-1'),
  LLM_SIMULATOR_API_KEY: z.string().min(1).optional(),
});

async function main(): Promise<void> {
  const parsed = envSchema.safeParse(process.env);
  if (!parsed.success) {
    console.error(
      `invalid configuration: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
    process.exitCode = 2;
    return;
  }
  const env = parsed.data;
  const simulator = createLlmSimulator({
    model: env.LLM_SIMULATOR_MODEL,
    ...(env.LLM_SIMULATOR_API_KEY ? { apiKey: env.LLM_SIMULATOR_API_KEY } : {}),
  });
  const running = await simulator.listen(env.LLM_SIMULATOR_PORT, env.LLM_SIMULATOR_HOST);
  console.log(
    JSON.stringify({
      msg: 'language-model simulator listening',
      baseURL: running.baseURL,
      model: simulator.model,
    }),
  );
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(JSON.stringify({ msg: 'language-model simulator stopping', signal }));
    void running.close().then(() => process.exit(0));
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
