// The deployment engine: file store, build queue and worker, and the edge that serves deployments.
export * from './store/types';
export * from './store/local';
