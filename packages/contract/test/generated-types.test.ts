/**
 * The committed `src/generated/openapi.generated.ts` must be exactly what openapi-typescript makes
 * of `openapi.yaml` today: a stale file would let type-checks pass against an old contract.
 */
import { describe, expect, it } from 'vitest';
import { generateOpenApiTypes, readCommittedTypes } from '../scripts/generate-types.js';

describe('the generated types', () => {
  it('are up to date with openapi.yaml (else run `pnpm --filter @outreach/contract generate`)', async () => {
    const [generated, committed] = await Promise.all([generateOpenApiTypes(), readCommittedTypes()]);
    expect(committed === generated, 'src/generated/openapi.generated.ts is stale').toBe(true);
  });
});
