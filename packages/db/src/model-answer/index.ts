export type { ModelAnswerRepository } from './model-answer.repository.js';
