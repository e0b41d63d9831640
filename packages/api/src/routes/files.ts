// POST /v2/files (services/files.ts): one blob as the raw body, named by its SHA-1 and size. Bodies
// above NIMBUS_MAX_FILE_SIZE stop at the limit with a 413 instead of being read to the end.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { formatBytes } from '@nimbus/core';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '../context';
import { errorBody } from '../errors';
import { ErrorSchema, errors, json, ScopeQuery } from '../schemas/common';
import { FileHeaders } from '../schemas/deployments';
import * as files from '../services/files';

export function fileRoutes() {
  const app = new OpenAPIHono<AppEnv>();

  app.use('/v2/files', (c, next) => {
    const max = files.maxFileSize(c.var.ctx);
    const onError = () =>
      c.json(
        errorBody(
          'payload_too_large',
          `Files are at most ${formatBytes(max)} (NIMBUS_MAX_FILE_SIZE). Make this file smaller or leave it out of the deployment.`,
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
      summary: 'Upload a file',
      security: [{ bearer: [] }],
      request: {
        query: ScopeQuery,
        headers: FileHeaders,
        body: { content: { 'application/octet-stream': { schema: z.string().openapi({ format: 'binary' }) } } },
      },
      responses: { 200: json(z.object({})), 413: json(ErrorSchema, 'Larger than NIMBUS_MAX_FILE_SIZE'), ...errors },
    }),
    async (c) => {
      const h = c.req.valid('header');
      const data = Buffer.from(await c.req.arrayBuffer());
      const sha = h['x-now-digest'] ?? h['x-vercel-digest'];
      return c.json(await files.upload(c.var.ctx, { sha, size: h['x-now-size'] ?? h['x-vercel-size'], data }), 200);
    },
  );

  return app;
}
