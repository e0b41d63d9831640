// A deployment's output tree and compiled routing rules, loaded from the database once: a
// deployment never changes after READY, so an entry is never stale and only memory bounds the
// cache. Each manifest also keeps the plans of the URLs asked of it (plan.ts), bounded too.
// Build internals (`.next/`, `node_modules/`, `.env*` ...) never enter a manifest: builds leave them
// out of their output, and this also hides them in deployments stored before that rule.

import { isBuildInternal } from '@nimbus/core';
import { type Db, type ServedDeployment, servedFiles } from '@nimbus/db';
import { LRUCache } from 'lru-cache';
import { singleFlight } from './cache';
import type { Plan } from './plan';
import type { OutputEntry } from './resolve';
import { compileRules, type Rules } from './rules';

export interface Manifest {
  files: Map<string, OutputEntry>;
  rules: Rules;
  plans: LRUCache<string, Plan>;
}

const MAX_DEPLOYMENTS = 500;
const MAX_PLANS_PER_DEPLOYMENT = 2_000;

export type ManifestCache = ReturnType<typeof createManifestCache>;

export function createManifestCache(db: Db) {
  const cache = singleFlight<string, Manifest, ServedDeployment['config']>({
    limit: { max: MAX_DEPLOYMENTS },
    async load(id, config) {
      const rows = (await servedFiles(db, id)).filter((r) => !isBuildInternal(r.path));
      return {
        files: new Map(rows.map((r) => [r.path, { sha: r.sha, size: r.size }])),
        rules: compileRules(config),
        plans: new LRUCache({ max: MAX_PLANS_PER_DEPLOYMENT }),
      };
    },
  });
  return {
    get: (deployment: Pick<ServedDeployment, 'id' | 'config'>): Manifest | Promise<Manifest> =>
      cache.get(deployment.id, deployment.config),
  };
}
