// The one schema of Nimbus, split by domain; PGlite and PostgreSQL share it and its migrations.
export * from './accounts';
export * from './teams';
export * from './projects';
export * from './deployments';
