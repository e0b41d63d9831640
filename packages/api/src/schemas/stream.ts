// Request and response schemas of the internal event stream (one {topic, record} per beacon).
import { z } from '@hono/zod-openapi';

export const StreamEvent = z
  .object({
    topic: z
      .string()
      .regex(/^[a-z0-9][a-z0-9_.:-]{0,63}$/, 'topic is 1 to 64 lower-case letters, digits, "_", ".", ":" or "-".')
      .describe('The kind of record, e.g. upgrade_modal.'),
    record: z
      .object({
        id: z.string().min(1).max(128).describe('Made by the sender, so a retried beacon can be recognised.'),
        event_time: z.number().int().nonnegative().describe('When it happened, in ms since the epoch.'),
      })
      .passthrough(),
  })
  .openapi('StreamEvent');

const TOPIC = 'Pass ?topic= (and optionally ?limit= from 1 to 100).';

export const StreamQuery = z.object({
  topic: z.string({ error: TOPIC }).min(1, TOPIC).describe('The topic to read.'),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const StoredStreamEvent = z
  .object({
    id: z.string(),
    topic: z.string(),
    record: z.record(z.string(), z.unknown()).describe('As sent, with e-mails, IPs and phone numbers redacted.'),
    createdAt: z.number(),
  })
  .openapi('StoredStreamEvent');
