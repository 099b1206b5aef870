/**
 * The dispatcher's behaviour over the in-memory store: fast feedback on the same scenarios that
 * `dispatcher.int.test.ts` runs against MongoDB through the data layer.
 */
import { describe } from 'vitest';
import { claimAheadScenarios } from '../testing/claim-ahead-scenarios.js';
import { deliveryScenarios } from '../testing/delivery-scenarios.js';
import { memoryHarness } from '../testing/memory-dispatch-store.js';
import { resilienceScenarios } from '../testing/resilience-scenarios.js';

describe('dispatcher over the in-memory store', () => {
  describe('delivery', () => deliveryScenarios(async (clock) => memoryHarness(clock)));
  describe('resilience', () => resilienceScenarios(async (clock) => memoryHarness(clock)));
  describe('claiming ahead', () => claimAheadScenarios(async (clock) => memoryHarness(clock)));
});
