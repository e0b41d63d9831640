// Functions of Build Output API v3 deployments, each run in sandboxed runner processes.
export * from './pool';
