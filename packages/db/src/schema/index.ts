// The one schema of Nimbus, split by domain; PGlite and PostgreSQL share it and its migrations.
export * from './accounts';
export * from './teams';
export * from './projects';
export * from './deployments';
export * from './analytics';
export * from './leads';
export * from './device';
export * from './activity';
