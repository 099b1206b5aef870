export { chooseBackend, type Backend } from './choose-backend.js';
