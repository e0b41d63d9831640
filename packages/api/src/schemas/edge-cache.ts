// Vercel's edge-cache purge calls (@vercel/sdk `edgeCache.invalidateByTags` and
// `edgeCache.dangerouslyDeleteByTags`): the project in the query, the tags in the body.
import { z } from '@hono/zod-openapi';
import { ScopeQuery } from './common';

export const PurgeQuery = ScopeQuery.extend({
  projectIdOrName: z.string().min(1).max(200).describe('The project whose cached responses to purge.'),
});

const tags = z
  .union([z.array(z.string().min(1).max(256)).min(1).max(1000), z.string().min(1).max(8196)])
  .describe('Tags as an array, or one string of comma-separated tags, as set by `Vercel-Cache-Tag`.');
const target = z
  .enum(['production', 'preview'])
  .optional()
  .describe("Only the entries of this target's deployments; all of the project's without it.");

export const InvalidateByTagsBody = z.object({ tags, target }).openapi('InvalidateByTags');

export const DeleteByTagsBody = z
  .object({
    tags,
    target,
    revalidationDeadlineSeconds: z
      .number()
      .int()
      .min(0)
      .optional()
      .describe("Accepted for Vercel's clients; Nimbus deletes the entries at once."),
  })
  .openapi('DangerouslyDeleteByTags');
