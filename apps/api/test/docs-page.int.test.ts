/**
 * The interactive docs as a user meets them: this service's document everywhere (not the bundle's
 * Petstore example), a clean page, and, in a local run only, where the demo API key is; a 401 in a
 * local run says where the key is and that `--fresh` resets the database, and in production never.
 */
import { describe, expect, it } from 'vitest';
import { useTestApp } from './support/test-app.js';

const production = useTestApp();
const local = useTestApp({ demoKeyFile: '.outreach/dev.json' });

describe('the docs page', () => {
  it("serves this service's swagger-initializer.js, not the Petstore example", async () => {
    const res = await fetch(`${production.baseUrl}/docs/swagger-initializer.js`);
    expect(res.status).toBe(200);
    const script = await res.text();
    expect(script).toContain('../v1/openapi.json');
    expect(script).not.toMatch(/petstore/i);
  });

  it('writes no stray undefined into its style, and lists servers without raw markdown', async () => {
    const html = await (await fetch(`${production.baseUrl}/docs/`)).text();
    const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1]).join('\n');
    expect(styles).not.toContain('undefined');
    const document = (await (await fetch(`${production.baseUrl}/v1/openapi.json`)).json()) as {
      servers: Array<{ description: string }>;
    };
    for (const server of document.servers) expect(server.description).not.toContain('`');
  });

  it('tells a local user where the demo key is, and says nothing of it in production', async () => {
    const localInit = await (await fetch(`${local.baseUrl}/docs/swagger-ui-init.js`)).text();
    expect(localInit).toContain('.outreach/dev.json');
    const productionInit = await (await fetch(`${production.baseUrl}/docs/swagger-ui-init.js`)).text();
    expect(productionInit).not.toContain('.outreach');
    // The contract itself stays the same in both.
    const localDocument = await (await fetch(`${local.baseUrl}/v1/openapi.json`)).text();
    expect(localDocument).not.toContain('.outreach');
  });
});

describe('a 401 with a key the database does not know', () => {
  it('hints in a local run that the demo key is in .outreach/dev.json and --fresh reset the database', async () => {
    for (const headers of [{ 'x-api-key': 'okey_from_before_the_reset' }, {} as Record<string, string>]) {
      const res = await fetch(`${local.baseUrl}/v1/campaigns`, { headers });
      expect(res.status).toBe(401);
      const body = (await res.json()) as { message: string };
      expect(body.message).toContain('.outreach/dev.json');
      expect(body.message).toContain('--fresh');
    }
  });

  it('says nothing of local files or resets in production', async () => {
    const res = await fetch(`${production.baseUrl}/v1/campaigns`, {
      headers: { 'x-api-key': 'okey_from_before_the_reset' },
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ statusCode: 401, message: 'invalid API key', code: 'unauthorized' });
  });
});
