// Runtime logs of functions: the dashboard's filtered list and live tail, @vercel/sdk's
// getRuntimeLogs stream and the Observability query `vercel logs` sends.
import { z } from '@hono/zod-openapi';
import { key, pathParam, ScopeQuery, timestampQuery } from './common';

export const RUNTIME_LOGS_PAGE_MAX = 1000;

export const ProjectLogsParams = z.object({ idOrName: pathParam('idOrName', 'The project id or name.') });

export const RuntimeLogsParams = z.object({
  projectId: pathParam('projectId', 'The project id or name.'),
  deploymentId: pathParam('deploymentId', 'The deployment id or URL.'),
});

const LEVEL = z.enum(['info', 'warning', 'error']);

export const RuntimeLogsQuery = ScopeQuery.extend({
  deploymentId: key().optional().describe('Only rows of this deployment (id or URL).'),
  level: z
    .union([LEVEL, z.array(LEVEL)])
    .optional()
    .describe('Only rows of these levels (repeat the parameter for several).'),
  status: z
    .string()
    .regex(/^([1-5]xx|[1-5]\d\d)$/i, 'A status code such as 404, or a class: 2xx, 3xx, 4xx, 5xx.')
    .optional()
    .describe('Only requests answered with this status or status class (`5xx`).'),
  source: z.enum(['request', 'stdout', 'stderr']).optional().describe('Only requests, or only printed lines.'),
  path: z.string().max(1024).optional().describe('Only rows whose path contains this text.'),
  q: z.string().max(1024).optional().describe('Only rows whose message or path contains this text.'),
  since: timestampQuery().optional().describe('Only rows written at or after this time (ms).'),
  until: timestampQuery().optional().describe('Only rows written at or before this time (ms).'),
  cursor: z.coerce
    .number()
    .int()
    .min(1)
    .max(Number.MAX_SAFE_INTEGER)
    .optional()
    .describe('The `pagination.next` of the previous page: rows older than it.'),
  after: z.coerce
    .number()
    .int()
    .min(0)
    .max(Number.MAX_SAFE_INTEGER)
    .optional()
    .describe('Rows newer than this id, oldest first (polling for new rows from another process).'),
  limit: z.coerce.number().int().min(1).max(RUNTIME_LOGS_PAGE_MAX).default(100),
});

export const RuntimeLogSchema = z
  .object({
    id: z.string().describe('Increases with every row; the cursor of the list and the tail.'),
    deploymentId: z.string(),
    projectId: z.string(),
    requestId: z.string(),
    timestamp: z.number().describe('When the row was written (ms).'),
    level: LEVEL,
    source: z.enum(['request', 'stdout', 'stderr']),
    method: z.string().nullable(),
    path: z.string().nullable(),
    status: z.number().nullable(),
    durationMs: z.number().nullable(),
    cold: z.boolean().nullable(),
    memoryMb: z.number().nullable(),
    functionPath: z.string().nullable(),
    message: z.string(),
  })
  .openapi('RuntimeLog');

export const RuntimeLogsPage = z
  .object({
    logs: z.array(RuntimeLogSchema),
    pagination: z.object({ next: z.string().nullable().describe('Pass as `cursor` for older rows.') }),
  })
  .openapi('RuntimeLogs');

export const ObservabilityQuery = z
  .object({
    event: z.string().max(100).describe('`vercel.log` (runtime logs) or `vercel.proxy_response` (requests).'),
    scope: z
      .object({ ownerId: key().optional(), projectIds: z.array(key()).max(10).optional() })
      .passthrough()
      .optional(),
    timeRange: z.object({ start: z.string().max(64).optional(), end: z.string().max(64).optional() }).optional(),
    select: z.array(z.string().max(100)).max(100).optional(),
    filter: z.string().max(4096).optional().describe('A KQL-like filter: `level:error AND httpStatus >= 500`.'),
    order: z.enum(['asc', 'desc']).optional(),
    limit: z.number().int().min(1).max(RUNTIME_LOGS_PAGE_MAX).optional(),
    cursor: z.string().max(32).optional(),
  })
  .passthrough();

export const ObservabilityPage = z
  .object({
    events: z.array(z.record(z.string(), z.unknown())),
    pagination: z.object({ hasMore: z.boolean(), nextCursor: z.string().nullable() }),
  })
  .openapi('ObservabilityEvents');
