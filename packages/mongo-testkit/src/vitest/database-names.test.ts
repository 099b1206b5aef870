import { describe, expect, it } from 'vitest';
import { databaseNameForFile, runDatabasePrefix } from './database-names.js';

describe('test database names', () => {
  it('differ between runs', () => {
    expect(runDatabasePrefix()).not.toBe(runDatabasePrefix());
    expect(runDatabasePrefix()).toMatch(/^test_[a-z0-9]+_$/);
  });

  it('are readable, differ for same-named files in different folders, and fit MongoDB limits', () => {
    const a = databaseNameForFile('test_abc_', '/repo/packages/db/src/lead.repository.int.test.ts');
    const b = databaseNameForFile('test_abc_', '/repo/apps/api/src/lead.repository.int.test.ts');
    expect(a).toMatch(/^test_abc_lead_repository_[0-9a-f]{8}$/);
    expect(a).not.toBe(b);
    const long = databaseNameForFile('test_abc_', `/repo/${'very-long-name'.repeat(10)}.test.ts`);
    expect(long.length).toBeLessThanOrEqual(63);
    expect(long).toMatch(/^[A-Za-z0-9_-]+$/);
  });
});
