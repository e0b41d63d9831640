// The deployment engine: file store, build queue and worker, and the edge that serves deployments.

export * from './analytics/collector';
export * from './crypto';
export * from './dns/check-domain';
export * from './dns/recheck';
export * from './edge/boa/crons';
export * from './edge/create-edge';
export { CRON_PASS_HEADER } from './edge/protection';
export * from './engine';
export * from './events';
export * from './functions';
export * from './functions/materialize';
export * from './git/http-backend';
export * from './git/repo';
export * from './hooks/destination';
export * from './hooks/dispatcher';
export * from './logs/function-reports';
export * from './logs/runtime-log-writer';
export * from './protection-tokens';
export { startWorker, type Worker, type WorkerOptions } from './queue/worker';
export * from './sandbox';
export * from './store/create';
export * from './store/ingest';
export * from './store/local';
export * from './store/s3';
export * from './store/types';
export * from './tls/certificates';
export * from './usage/meter';
