import { strykerConfig } from '../../stryker.shared.mjs';

// The runner's decisions: how a claimed lead is judged and run, each step type, and the account
// rules (limits, safety, call budget). Its loop, stores and process wiring are left out.
export default strykerConfig({
  mutate: ['src/leads/**/*.ts', 'src/steps/**/*.ts', 'src/accounts/**/*.ts', '!src/**/*.test.ts'],
});
