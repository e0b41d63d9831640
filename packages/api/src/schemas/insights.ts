// The search analytics event (docs/spec.md), in the body shape the search-insights client sends
// (`POST /1/events`, body {events}, app id and key as query parameters).
import { z } from '@hono/zod-openapi';
import { timestamp } from './common';

const Token = z.string().min(1).max(129);

const SearchEvent = z
  .object({
    eventType: z.enum(['click', 'conversion', 'view']),
    eventSubtype: z.enum(['addToCart', 'purchase']).optional().describe('Only on conversions.'),
    eventName: z.string().min(1).max(64).describe('What happened, in words: "Docs result clicked".'),
    index: z.string().min(1).max(100).describe('The search index the event belongs to.'),
    userToken: Token.describe('`anonymous-{uuid}` kept in a cookie, or a token the site chose.'),
    authenticatedUserToken: Token.optional().describe('The signed-in user, when there is one.'),
    timestamp: timestamp().optional().describe('When it happened (ms); defaults to when it arrived.'),
    queryID: z.string().min(1).max(64).optional().describe('The search that led to the event.'),
    objectIDs: z.array(z.string().min(1).max(500)).min(1).max(20).optional(),
    positions: z
      .array(z.number().int().positive())
      .min(1)
      .max(20)
      .optional()
      .describe('1-based positions of objectIDs in the results.'),
    objectData: z
      .array(
        z.object({
          queryID: z.string().min(1).max(64).optional(),
          price: z.union([z.number(), z.string()]).optional(),
          discount: z.union([z.number(), z.string()]).optional(),
          quantity: z.number().optional(),
        }),
      )
      .max(20)
      .optional()
      .describe('Per-object data; a conversion sent with inferQueryID carries the queryID of the click here.'),
    filters: z
      .array(z.string().min(1).max(500))
      .min(1)
      .max(10)
      .optional()
      .describe('URL-encoded `attribute:value` filters.'),
  })
  .superRefine((event, ctx) => {
    if (!event.objectIDs === !event.filters)
      ctx.addIssue({ code: 'custom', message: 'Send either objectIDs or filters.' });
    if (event.eventSubtype && event.eventType !== 'conversion')
      ctx.addIssue({ code: 'custom', path: ['eventSubtype'], message: 'Only conversions have an eventSubtype.' });
    if (event.eventType === 'click' && event.queryID && event.positions?.length !== event.objectIDs?.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['positions'],
        message: 'A click after a search needs one position per objectID.',
      });
    }
  });

export const InsightsBody = z.object({ events: z.array(SearchEvent).min(1).max(1000) }).openapi('SearchEvents');

export const InsightsQuery = z.object({
  'X-Algolia-Application-Id': z.string().min(1, 'Pass the app id as X-Algolia-Application-Id.').max(100),
  'X-Algolia-API-Key': z.string().min(1, 'Pass the key as X-Algolia-API-Key.').max(200),
  'X-Algolia-Agent': z.string().max(500).optional(),
});

export const StoredSearchEvent = z
  .object({
    id: z.string(),
    eventType: z.enum(['click', 'conversion', 'view']),
    eventSubtype: z.enum(['addToCart', 'purchase']).nullable(),
    eventName: z.string(),
    index: z.string(),
    userToken: z.string(),
    authenticatedUserToken: z.string().nullable(),
    queryID: z.string().nullable(),
    objectIDs: z.array(z.string()),
    positions: z.array(z.number()).nullable(),
    objectData: z
      .array(
        z.object({
          queryID: z.string().min(1).max(64).optional(),
          price: z.union([z.number(), z.string()]).optional(),
          discount: z.union([z.number(), z.string()]).optional(),
          quantity: z.number().optional(),
        }),
      )
      .max(20)
      .optional()
      .describe('Per-object data; a conversion sent with inferQueryID carries the queryID of the click here.'),
    filters: z.array(z.string()).nullable(),
    timestamp: z.number(),
  })
  .openapi('StoredSearchEvent');
