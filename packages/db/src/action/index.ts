export type { ActionCounts } from './action-analytics.js';
export type { DayCounts } from './action-days.js';
export type { Action } from './action.entity.js';
export type {
  ActionAnalytics,
  ActionRepository,
  ActionTotals,
  AnalyticsQuery,
  NewAction,
} from './action.repository.js';
