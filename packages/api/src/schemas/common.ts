// Schemas shared by every resource: the error envelope, pagination and scope query.
import { z } from '@hono/zod-openapi';

export const ErrorSchema = z
  .object({ error: z.object({ code: z.string(), message: z.string() }).passthrough() })
  .openapi('Error');

export const PaginationSchema = z
  .object({ count: z.number(), next: z.number().nullable(), prev: z.number().nullable() })
  .openapi('Pagination');

/**
 * The longest id, name, slug or e-mail Nimbus takes. Such values reach indexed columns, and a
 * PostgreSQL btree row stops at about 2.7 KB: past that a query fails instead of finding nothing.
 */
export const MAX_KEY_LENGTH = 320;

/** A string that names or finds a row (an id, name, slug or e-mail): at most MAX_KEY_LENGTH characters. */
export const key = () => z.string().max(MAX_KEY_LENGTH, `At most ${MAX_KEY_LENGTH} characters.`);

/** A path parameter that names a row. */
export const pathParam = (name: string, description?: string) =>
  key().openapi({ param: { name, in: 'path' }, ...(description ? { description } : {}) });

/** The latest millisecond timestamp a JavaScript date (and so a reply) can hold: 8.64e15, year 275760. */
export const MAX_TIMESTAMP = 8_640_000_000_000_000;
const TIMESTAMP = `A millisecond timestamp from 0 to ${MAX_TIMESTAMP}.`;

/** A millisecond timestamp in the body: a date JavaScript and PostgreSQL can both hold. */
export const timestamp = () => z.number().int(TIMESTAMP).min(0, TIMESTAMP).max(MAX_TIMESTAMP, TIMESTAMP);

/** A millisecond timestamp in the query string (`?since=`, `?until=`), bounded like `timestamp`. */
export const timestampQuery = () => z.coerce.number().int(TIMESTAMP).min(0, TIMESTAMP).max(MAX_TIMESTAMP, TIMESTAMP);

export const ScopeQuery = z.object({
  teamId: key().optional().describe('The team to act for; your user id means your personal account.'),
  slug: key().optional().describe('The team slug to act for, instead of teamId.'),
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

const campaignValue = z.string().max(500);
const UtmSet = z.object({
  utm_source: campaignValue.optional(),
  utm_medium: campaignValue.optional(),
  utm_campaign: campaignValue.optional(),
  utm_content: campaignValue.optional(),
  utm_term: campaignValue.optional(),
});

/** The campaign a visitor arrived from, as the browser keeps it (packages/core/src/tracking.ts). */
export const AttributionSchema = z
  .object({
    utm: UtmSet.default({}).describe('The campaign parameters of the latest visit that had any.'),
    previousUtm: UtmSet.nullish().describe('The first non-empty set that `utm` replaced.'),
    gclid: campaignValue.nullish().describe('The ad-click id, kept 90 days.'),
    referrer: z.string().max(2000).nullish().describe('The first referrer from another site.'),
    landingPage: z.string().max(2000).nullish().describe('The first page visited.'),
    expiresAt: z.number().nullish().describe('When the stored record stops counting (ms).'),
  })
  .openapi('Attribution');
