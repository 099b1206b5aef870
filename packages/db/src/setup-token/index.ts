export type { SetupTokenRepository } from './setup-token.repository.js';
