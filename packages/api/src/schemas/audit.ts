// The audit log as Vercel's `GET /v3/events` takes and answers it (`user.listUserEvents` in @vercel/sdk).
import { z } from '@hono/zod-openapi';
import { key, PaginationSchema, ScopeQuery } from './common';

const text = () => z.string().max(2000, 'At most 2000 characters.');

export const ListEventsQuery = ScopeQuery.extend({
  limit: z.coerce.number().int().min(1).max(100).optional().describe('At most 100 events per page (default 20).'),
  since: text().optional().describe('Only events at or after this time: milliseconds since the epoch or an ISO date.'),
  until: text()
    .optional()
    .describe("Only events before this time; pass the previous page's `pagination.next` for the next page."),
  types: text()
    .optional()
    .describe('Comma-separated actions (`project.created`, `env.updated`...) or Vercel event types to keep.'),
  userId: key().optional().describe('Only events by this user (Vercel: deprecated for principalId).'),
  principalId: key().optional().describe('Only events by this user.'),
  projectIds: text().optional().describe('Comma-separated project ids: only events about these projects.'),
  entityId: key().optional().describe('Only events about this target id.'),
  withPayload: z.enum(['true', 'false', '1', '0']).optional().describe("Include each event's `payload` (its details)."),
});
export type ListEventsQuery = z.infer<typeof ListEventsQuery>;

const Entity = z.object({ type: z.string(), start: z.number(), end: z.number() });

export const AuditEventSchema = z
  .object({
    id: z.string(),
    text: z.string().describe('The event as a sentence: who did what to which target.'),
    entities: z.array(Entity).describe('Spans of `text` naming the actor and the target.'),
    createdAt: z.number().describe('Milliseconds since the epoch.'),
    type: z.string().optional().describe("Vercel's name for this kind of event, when it has one."),
    action: z.string().describe('The Nimbus action, `<resource>.<verb>`.'),
    principalId: z.string(),
    userId: z.string(),
    user: z.object({ uid: z.string(), username: z.string(), email: z.string(), avatar: z.string() }),
    tokenId: z.string().optional().describe('The access token the change was made with, if any.'),
    target: z.object({ type: z.string(), id: z.string(), name: z.string().nullable() }),
    ip: z.string().nullable(),
    userAgent: z.string().nullable(),
    payload: z.record(z.string(), z.unknown()).optional(),
  })
  .openapi('AuditEvent');

export const EventList = z
  .object({ events: z.array(AuditEventSchema), pagination: PaginationSchema })
  .openapi('AuditEventList');
