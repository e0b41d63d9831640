// Purging the edge cache by tag (the responses' `Vercel-Cache-Tag`), as Vercel's API does:
// invalidate marks the project's tagged entries stale, so the next request is served STALE while the
// function runs again in the background; delete removes them, so the next request is a MISS. Every
// edge process sees it within the second it trusts a row it read (engine/src/edge/build-output/edge-cache.ts).
import type { DeploymentTarget } from '@nimbus/core';
import * as db from '@nimbus/db';
import { authorize } from './access';
import type { ServiceContext } from './context';

export interface PurgeInput {
  projectIdOrName: string;
  tags: string[] | string;
  target?: DeploymentTarget;
}

/** The tags of an array or of one comma-separated string, trimmed, without repeats. */
function tagList(tags: string[] | string): string[] {
  const all = (Array.isArray(tags) ? tags : tags.split(',')).map((t) => t.trim()).filter(Boolean);
  if (!all.length) throw new db.DomainError('bad_request', 'Name at least one cache tag in `tags`.');
  return [...new Set(all)];
}

export async function purgeByTags(ctx: ServiceContext, input: PurgeInput, mode: 'invalidate' | 'delete') {
  const tags = tagList(input.tags);
  const scope = await authorize(ctx, 'cache:purge');
  const project = await db.getProject(ctx.db, scope.teamId, input.projectIdOrName);
  return db.purgeEdgeCacheByTags(ctx.db, { projectId: project.id, tags, target: input.target, mode });
}
