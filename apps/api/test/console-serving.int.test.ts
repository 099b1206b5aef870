// De-risks serving the operator console from the API: the built files answer at /console on the
// API's own origin (so the console needs no CORS), a deep link or a reload gets the app, hashed
// assets are cached for good while the page is not, and the console's scripts may only talk to
// this origin. Without a console configured, /console is an ordinary JSON 404.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './support/test-app.js';

const dir = mkdtempSync(join(tmpdir(), 'console-dist-'));
mkdirSync(join(dir, 'assets'));
writeFileSync(join(dir, 'index.html'), '<!doctype html><title>console</title><div id="root"></div>');
writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log("app")');

const app = useTestApp({ consoleDir: dir });
const bare = useTestApp();

describe('the operator console served by the API', () => {
  it('answers the app at /console/ and sends /console there', async () => {
    const page = await fetch(`${app.baseUrl}/console/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(await page.text()).toContain('<div id="root">');

    const bareRoot = await fetch(`${app.baseUrl}/console`, { redirect: 'manual' });
    expect(bareRoot.status).toBe(301);
    expect(bareRoot.headers.get('location')).toBe('/console/');
  });

  it('opens a deep link (a reload on any page) with the app, never cached', async () => {
    const page = await fetch(`${app.baseUrl}/console/campaigns/cmp_123`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    expect(page.headers.get('cache-control')).toBe('no-cache');
  });

  it('caches hashed assets for good, and answers a missing one 404 instead of the page', async () => {
    const asset = await fetch(`${app.baseUrl}/console/assets/index-abc123.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toMatch(/immutable/);
    expect((await fetch(`${app.baseUrl}/console/assets/gone.js`)).status).toBe(404);
  });

  it('lets the page load scripts from and talk to this origin only, and never be framed', async () => {
    const csp = (await fetch(`${app.baseUrl}/console/`)).headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('leaves /v1 as it was: a request without a key is still refused', async () => {
    expect((await fetch(`${app.baseUrl}/v1/campaigns`)).status).toBe(401);
  });

  it('is an ordinary JSON 404 when no console is configured', async () => {
    const res = await fetch(`${bare.baseUrl}/console/`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ statusCode: 404 });
  });
});
