/** The soak's accounts and faults, shared by the short run in the tests and the run by hand. */
import type { SoakAccountPlan } from './soak-scenario.js';

/** Two free, five premium (one of them newly connected), three Sales Navigator (two sending InMail). */
export const SOAK_ACCOUNTS: SoakAccountPlan[] = [
  { tier: 'free' },
  { tier: 'free' },
  { tier: 'premium', newlyConnected: true },
  { tier: 'premium' },
  { tier: 'premium' },
  { tier: 'premium' },
  { tier: 'premium' },
  { tier: 'sales_navigator', inmail: true },
  { tier: 'sales_navigator', inmail: true },
  { tier: 'sales_navigator' },
];

/** Faults on, beyond the strict simulator's defaults: some message webhooks never come. */
export const SOAK_SIMULATOR = { webhookDropProbability: 0.05 } as const;
