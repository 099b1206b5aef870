export type { Workspace } from './workspace.entity.js';
export type { WorkspaceRepository } from './workspace.repository.js';
