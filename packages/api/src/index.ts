// The Nimbus REST API.

export type { TreeNode as FileTreeNode } from '@nimbus/db';
export { type Api, createApi } from './app';
export type { ApiOptions, AppEnv, FunctionLimits, Scope } from './context';
export { SESSION_COOKIE } from './cookies';
export type { DeploymentJson, DeploymentListItem, ProjectDeploymentJson } from './deployment-json';
export { classify, isEdgeHost, stripApiPrefix, type Target } from './dispatch';
export { errorBody } from './errors';
export type { BuildLogEvent } from './log-follow';
export type { EnvJson, ProjectJson } from './project-json';
export type { Member } from './schemas/teams';
export { type InvitationJson, page, type TeamJson, type TokenJson, type UserJson } from './serialize';
export * from './services';
export type { DeploymentFunctionsJson } from './services/deployments';
export type { GitSettingsJson } from './services/git';
export type { GitConnectionJson } from './services/git-providers';
export { deliver as deliverMail } from './services/mail';
export type { SessionJson } from './services/sessions';
export { REQUEST_ID_HEADER, TRACE_ID_HEADER } from './tracing';
