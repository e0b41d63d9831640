// Schemas shared by every resource: the error envelope, pagination and scope query.
import { z } from '@hono/zod-openapi';

export const ErrorSchema = z
  .object({ error: z.object({ code: z.string(), message: z.string() }).passthrough() })
  .openapi('Error');

export const PaginationSchema = z
  .object({ count: z.number(), next: z.number().nullable(), prev: z.number().nullable() })
  .openapi('Pagination');

export const ScopeQuery = z.object({
  teamId: z.string().optional().describe('The team to act for; your user id means your personal account.'),
  slug: z.string().optional().describe('The team slug to act for, instead of teamId.'),
});

export const errors = {
  400: { description: 'Invalid input', content: { 'application/json': { schema: ErrorSchema } } },
  403: { description: 'Not authenticated or not allowed', content: { 'application/json': { schema: ErrorSchema } } },
  404: { description: 'Not found', content: { 'application/json': { schema: ErrorSchema } } },
} as const;

export const json = <T extends z.ZodType>(schema: T, description = 'OK') => ({
  description,
  content: { 'application/json': { schema } },
});

export const body = <T extends z.ZodType>(schema: T) => ({
  body: { content: { 'application/json': { schema } }, required: true },
});
