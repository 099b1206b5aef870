export type { ModelBudgetLimits, ModelUsage, ModelUsageRepository } from './model-usage.repository.js';
