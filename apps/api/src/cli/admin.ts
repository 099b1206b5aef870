#!/usr/bin/env node
/**
 * outreach-admin: what has no public endpoint (workspaces, API keys, sender accounts by hand).
 * Reads MONGODB_URI; prints JSON with --json. Exit codes: 0 done, 1 failed, 2 usage error.
 */
import { runAdmin } from './admin-main.js';

runAdmin(process.argv.slice(2), {
  env: process.env,
  out: (text) => console.log(text),
  err: (text) => console.error(text),
}).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
