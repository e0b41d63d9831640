// The service layer: what the API's routes and the dashboard's server components both call.

export * as admin from './admin';
export * as aliases from './aliases';
export * as billing from './billing';
export * from './context';
export * as deploymentEvents from './deployment-events';
export * as deployments from './deployments';
export * as device from './device';
export * as env from './env';
export * as files from './files';
export * as health from './health';
export * as insights from './insights';
export * as leads from './leads';
export * as members from './members';
export * as password from './password';
export * as projects from './projects';
export * as runtimeLogs from './runtime-logs';
export * as session from './session';
export * as sessions from './sessions';
export * as sso from './sso';
export * as ssoSettings from './sso-settings';
export * as stream from './stream';
export * as teams from './teams';
export * as tokens from './tokens';
export * as transfer from './transfer';
export * as user from './user';
