import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Served by the API under /console/ (and deployable alone under the same path). Workspace
// packages resolve through their `source` condition, so the console needs no prior build of them.
export default defineConfig({
  base: '/console/',
  plugins: [react()],
  resolve: { conditions: ['source', 'browser', 'import', 'module', 'default'] },
  build: {
    outDir: 'dist',
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: true,
  },
  server: {
    // `pnpm --filter @outreach/console dev` proxies the API and its sign-in routes, so the dev server
    // is same-origin too (the API must trust the dev server's origin: TRUSTED_ORIGINS).
    proxy: {
      '/v1': process.env['OUTREACH_API_URL'] ?? 'http://127.0.0.1:3000',
      '/api/auth': process.env['OUTREACH_API_URL'] ?? 'http://127.0.0.1:3000',
    },
  },
});
