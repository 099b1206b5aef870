export * from './port/language-model.port.js';
export * from './llm-config.js';
export * from './create-language-model.js';

export * from './openai/openai-chat.model.js';
export * from './openai/retry-policy.js';

export * from './budget/budget-store.port.js';
export * from './budget/memory-budget.store.js';
export * from './budget/budgeted-model.js';
export * from './budget/repository-budget.store.js';

export * from './cache/completion-cache.port.js';
export * from './cache/memory-completion.cache.js';
export * from './cache/cached-model.js';
export * from './cache/repository-completion.cache.js';
export * from './cache/cache-key.js';

export * from './features/decision-source.js';
export * from './features/icp/icp-decision.js';
export * from './features/icp/decide-icp.js';
export * from './features/icp/decide-icp-for-variants.js';
export * from './features/screener/analyse-reply.js';
export * from './features/ai-tools/generate-ai-values.js';

export * from './simulator/llm-simulator.js';
export * from './simulator/simulator-faults.js';
