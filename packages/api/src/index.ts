// The Nimbus REST API.
export { createApi, type Api } from './app';
export type { ApiOptions, AppEnv, Scope } from './context';
export { resolveScope, requirePermission, teamScope } from './scope';
export { errorBody } from './errors';
export { page, type InvitationJson, type TeamJson, type TokenJson, type UserJson } from './serialize';
export type { Member } from './schemas/teams';
export type { DeploymentJson, DeploymentListItem, ProjectDeploymentJson } from './deployment-json';
export type { EnvJson, ProjectJson } from './project-json';
export type { BuildLogEvent } from './log-follow';
export type { TreeNode as FileTreeNode } from '@nimbus/db';
