/**
 * The dispatcher against MongoDB through the data layer (`@outreach/db`), each test on a fresh
 * database: the same scenarios as `dispatcher.test.ts`, so the adapter's claims, leases and attempt
 * log are held to the behaviour the in-memory store defines.
 */
import { describe } from 'vitest';
import { claimAheadScenarios } from '../testing/claim-ahead-scenarios.js';
import { dbHarness } from '../testing/db-harness.js';
import { deliveryScenarios } from '../testing/delivery-scenarios.js';
import { resilienceScenarios } from '../testing/resilience-scenarios.js';
import { freshTestDatabaseUri } from '../testing/test-database.js';

describe('dispatcher over MongoDB', () => {
  describe('delivery', () => deliveryScenarios((clock) => dbHarness(freshTestDatabaseUri(), clock)));
  describe('resilience', () => resilienceScenarios((clock) => dbHarness(freshTestDatabaseUri(), clock)));
  describe('claiming ahead', () => claimAheadScenarios((clock) => dbHarness(freshTestDatabaseUri(), clock)));
});
