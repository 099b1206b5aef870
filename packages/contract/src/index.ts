export { paginationQuery, type PaginationQuery } from './pagination.js';

export const API_VERSION = '1.0.0';
