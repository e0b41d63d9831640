// The bodies the insights endpoints accept, in one place. Page views and events use the fields of
// `@vercel/analytics` (`o` page URL, `r` referrer, `dp` route, `en`/`ed` event name and data), which
// Nimbus's own script sends too. Vitals come as a batch (`vitals: [{m, v}]`, Nimbus's and the Speed
// Insights path's script) or one per request in the older Vercel form (`event_name`, `value`,
// `page`, `href`), as JSON or a form body (what sendBeacon may send).
import type { schema } from '@nimbus/db';
import { z } from 'zod';

const url = z.string().max(2_000);
const scalar = z.union([z.string().max(500), z.number(), z.boolean(), z.null()]);

export const viewBody = z.object({
  o: url,
  r: url.optional().nullable(),
  dp: z.string().max(500).optional().nullable(),
  en: z.string().min(1).max(255).optional(),
  ed: z.record(z.string().max(255), scalar.or(z.unknown())).optional().nullable(),
  ts: z.number().optional(),
});

export type ViewBody = z.infer<typeof viewBody>;

const METRICS = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const satisfies readonly schema.WebVitalMetric[];
const metric = z.enum(METRICS);
// FID is what older clients still measure; it is not a Speed Insights metric and is skipped.
const anyMetric = z.string().max(10);
const value = z.coerce.number().min(0).max(3_600_000);

const batchBody = z.object({
  o: url,
  dp: z.string().max(500).optional().nullable(),
  vitals: z
    .array(z.object({ m: anyMetric, v: value }))
    .min(1)
    .max(20),
});
const singleBody = z.object({
  href: url,
  page: z.string().max(500).optional().nullable(),
  event_name: anyMetric,
  value,
});

export interface VitalsBatch {
  url: string;
  route: string | null;
  vitals: { metric: schema.WebVitalMetric; value: number }[];
}

/** A JSON object, or a form body read as one. */
export function readBody(text: string): unknown {
  const trimmed = text.trimStart();
  if (trimmed.startsWith('{')) return JSON.parse(trimmed);
  return Object.fromEntries(new URLSearchParams(text));
}

/** The vitals of a body in either form; the metrics Nimbus does not keep are left out. */
export function parseVitals(body: unknown): VitalsBatch | null {
  const batch = batchBody.safeParse(body);
  const known = (m: string): m is schema.WebVitalMetric => metric.safeParse(m).success;
  if (batch.success)
    return {
      url: batch.data.o,
      route: batch.data.dp ?? null,
      vitals: batch.data.vitals
        .filter((v) => known(v.m))
        .map((v) => ({ metric: v.m as schema.WebVitalMetric, value: v.v })),
    };
  const single = singleBody.safeParse(body);
  if (!single.success) return null;
  const { href, page, event_name, value: v } = single.data;
  return { url: href, route: page ?? null, vitals: known(event_name) ? [{ metric: event_name, value: v }] : [] };
}

/** Keeps only the values a custom event may carry (strings, numbers, booleans, null), at most 20. */
export function eventData(data: ViewBody['ed']): Record<string, string | number | boolean | null> | null {
  if (!data) return null;
  const out: Record<string, string | number | boolean | null> = {};
  for (const [key, value] of Object.entries(data).slice(0, 20))
    if (scalar.safeParse(value).success) out[key] = value as string | number | boolean | null;
  return out;
}
