export { chooseBackend, type Backend } from './choose-backend.js';
export { startMongo, type RunningMongo, type StartMongoOptions } from './start-mongo.js';
export { startEmulator, type EmulatorOptions, type RunningEmulator } from './emulator/start-emulator.js';
export { databaseUri, withoutDatabase } from './backends/mongo-uri.js';
