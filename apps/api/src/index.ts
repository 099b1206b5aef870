export { createApp } from './app.js';
export type { AppDeps, AppSettings } from './app-deps.js';
export { loadConfig, type Config } from './config.js';
