// The deployment engine: file store, build queue and worker, and the edge that serves deployments.
export * from './store/types';
export * from './store/local';
export * from './store/s3';
export * from './store/create';
export * from './store/ingest';
export * from './engine';
export * from './events';
export * from './crypto';
export { startWorker, type Worker, type WorkerOptions } from './queue/worker';
export { recoverStaleJobs, MAX_ATTEMPTS } from './queue/jobs';
export { sandboxAvailable } from './build/sandbox';
export * from './deploy';
export * from './edge/create-edge';
