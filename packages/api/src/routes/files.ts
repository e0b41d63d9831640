// POST /v2/files: one blob as the raw body, named by its SHA-1 (x-now-digest or x-vercel-digest)
// and size (x-now-size). The digest and size are verified before anything is kept; bodies above
// NIMBUS_MAX_FILE_SIZE stop at the limit with a 413 instead of being read to the end.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { DomainError } from '@nimbus/db';
import { uploadBlob } from '@nimbus/engine';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '../context';
import { engineOf, scopeFor } from '../engine-scope';
import { errorBody } from '../errors';
import { errors, json, ScopeQuery } from '../schemas/common';

const FileHeaders = z.object({
  'x-now-digest': z.string().optional().describe('SHA-1 hex of the body.'),
  'x-vercel-digest': z.string().optional().describe('Same as x-now-digest.'),
  'x-now-size': z.string().optional().describe('Size of the body in bytes.'),
});

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

export function fileRoutes() {
  const app = new OpenAPIHono<AppEnv>();

  app.use('/v2/files', (c, next) => {
    const max = engineOf(c).maxFileSize;
    const onError = () =>
      c.json(
        errorBody(
          'payload_too_large',
          `Files are at most ${megabytes(max)} (NIMBUS_MAX_FILE_SIZE). Make this file smaller or leave it out of the deployment.`,
        ),
        413,
      );
    return bodyLimit({ maxSize: max, onError })(c, next);
  });

  // POST /v2/files - upload one file by its digest
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v2/files',
      tags: ['Deployments'],
      security: [{ bearer: [] }],
      request: {
        query: ScopeQuery,
        headers: FileHeaders,
        body: { content: { 'application/octet-stream': { schema: z.string().openapi({ format: 'binary' }) } } },
      },
      responses: { 200: json(z.object({})), 413: json(z.any(), 'Larger than NIMBUS_MAX_FILE_SIZE'), ...errors },
    }),
    async (c) => {
      await scopeFor(c, 'deployment:create');
      const sha = c.req.header('x-now-digest') ?? c.req.header('x-vercel-digest');
      if (!sha) throw new DomainError('bad_request', 'Send the SHA-1 of the body in the x-now-digest header.');
      const sizeHeader = c.req.header('x-now-size') ?? c.req.header('x-vercel-size');
      const size = sizeHeader === undefined ? undefined : Number(sizeHeader);
      if (size !== undefined && !Number.isSafeInteger(size))
        throw new DomainError('bad_request', 'x-now-size must be the body size in bytes.');
      const engine = engineOf(c);
      await uploadBlob(c.var.options.db, engine.store, { sha, size, data: Buffer.from(await c.req.arrayBuffer()) });
      return c.json({}, 200);
    },
  );

  return app;
}
