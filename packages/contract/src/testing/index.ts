/**
 * Test helpers for the service's own tests (`@outreach/contract/testing`): check that what the API
 * answered is what `openapi.yaml` documents.
 */
import { validateResponse, type ContractResponse } from './response-validator.js';

export { validateResponse, type ContractResponse, type ResponseHeaders } from './response-validator.js';
export { findPathTemplate } from './path-matching.js';
export {
  asObject,
  HTTP_METHODS,
  listOperations,
  resolve,
  type DocumentOperation,
  type JsonObject,
} from './document-walk.js';

export class ContractMismatchError extends Error {
  readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    super(`Response does not match the contract:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ContractMismatchError';
    this.problems = problems;
  }
}

/** Throws a `ContractMismatchError` listing every problem when the response departs from the document. */
export function expectMatchesContract(response: ContractResponse): void {
  const problems = validateResponse(response);
  if (problems.length > 0) throw new ContractMismatchError(problems);
}
