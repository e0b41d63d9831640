// The one schema of Nimbus, split by domain; PGlite and PostgreSQL share it and its migrations.
export * from './accounts';
export * from './activity';
export * from './analytics';
export * from './audit';
export * from './deployments';
export * from './device';
export * from './domains';
export * from './leads';
export * from './projects';
export * from './runtime-logs';
export * from './server-code';
export * from './sso';
export * from './teams';
