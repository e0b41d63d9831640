// A deployment's output tree and compiled routing rules, loaded from the database once: a
// deployment never changes after READY, so an entry is never stale and only memory bounds the
// cache. Each manifest also keeps the plans of the URLs asked of it (plan.ts), bounded too.

import { type Db, schema } from '@nimbus/db';
import { eq } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
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
  const cache = new LRUCache<string, Manifest>({ max: MAX_DEPLOYMENTS });
  const pending = new Map<string, Promise<Manifest>>();

  async function load(id: string, config: Record<string, unknown>): Promise<Manifest> {
    const { deploymentOutputs: outputs } = schema;
    const rows = await db
      .select({ path: outputs.path, sha: outputs.sha, size: outputs.size })
      .from(outputs)
      .where(eq(outputs.deploymentId, id));
    return {
      files: new Map(rows.map((r) => [r.path, { sha: r.sha, size: r.size }])),
      rules: compileRules(config),
      plans: new LRUCache({ max: MAX_PLANS_PER_DEPLOYMENT }),
    };
  }

  return {
    get(deployment: { id: string; config: Record<string, unknown> }): Manifest | Promise<Manifest> {
      const hit = cache.get(deployment.id);
      if (hit) return hit;
      let manifest = pending.get(deployment.id);
      if (!manifest) {
        manifest = load(deployment.id, deployment.config).then(
          (loaded) => (pending.delete(deployment.id), cache.set(deployment.id, loaded), loaded),
          (err: unknown) => {
            pending.delete(deployment.id);
            throw err;
          },
        );
        pending.set(deployment.id, manifest);
      }
      return manifest;
    },
  };
}
