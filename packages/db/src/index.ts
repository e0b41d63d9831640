// The data and domain layer of Nimbus: plain functions `(db, params)` shared by the API, the web app and the engine.
export * from './client';
export * from './errors';
export * from './ids';
export * as schema from './schema';
export * from './queries/accounts';
export * from './queries/teams';
export * from './queries/members';
export * from './queries/tokens';
