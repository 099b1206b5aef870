export { loadConfig, type Config } from './config.js';
export { clockFromConfig, startRunnerProcess, type RunningRunner } from './runner-process.js';
export { createRunner, type PassReport, type Runner } from './runner/runner.js';
export { defaultRunnerOptions, type RunnerDeps, type RunnerOptions } from './context/runner-context.js';
export { createDbRunnerStore } from './store/db-runner.store.js';
export type * from './store/runner-store.port.js';
export type { ReplyAnalyser } from './context/reply-analyser.port.js';
export {
  createKeywordReplyAnalyser,
  DEFAULT_KEYWORD_RULES,
  type KeywordRules,
} from './screener/keyword-reply.analyser.js';
