import { writeFileSync } from 'node:fs';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * Writes the browser tests' counts where the repository's test script adds every package's up
 * (scripts/test.mjs), in the same fields vitest's JSON report uses.
 */
export default class CountReporter implements Reporter {
  private readonly outcomes = new Map<string, string>();

  onTestEnd(test: TestCase, result: TestResult): void {
    // The last result of a test is its outcome (a retry overwrites an earlier failure).
    this.outcomes.set(test.id, result.status);
  }

  onEnd(result: FullResult): void {
    const statuses = [...this.outcomes.values()];
    const count = (...wanted: string[]) => statuses.filter((status) => wanted.includes(status)).length;
    const report = {
      numPassedTests: count('passed'),
      numFailedTests: count('failed', 'timedOut', 'interrupted'),
      numPendingTests: count('skipped'),
      numTodoTests: 0,
      // A setup that failed before any test ran still fails the run.
      numRuntimeErrorTestSuites: result.status === 'passed' || statuses.length > 0 ? 0 : 1,
    };
    writeFileSync('test-results.browser.json', `${JSON.stringify(report, null, 2)}\n`);
  }
}
