// The data and domain layer of Nimbus: plain functions `(db, params)` shared by the API, the web app and the engine.
export * from './client';
export * from './errors';
export * from './ids';
export * as schema from './schema';
export * from './queries/accounts';
export * from './queries/teams';
export * from './queries/members';
export * from './queries/tokens';
export * from './queries/projects';
export * from './queries/env';
export * from './queries/aliases';
export * from './queries/deployments';
export * from './queries/deployment-files';
export * from './queries/deployment-state';
export * from './queries/build-logs';
export * from './queries/leads';
export * from './queries/analytics';
export * from './queries/device';
