export { loadConfig, type Config } from './config.js';
