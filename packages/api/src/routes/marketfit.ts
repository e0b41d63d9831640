// Market fit of the visitor (docs/spec.md): asks the configured enrichment service about the caller's
// IP and turns its {grade, employees} into 0 unknown, 1 sales-led or 2 product-led. The demo popup
// calls this; without NIMBUS_MARKETFIT_URL every visitor is 0. Outside production `?marketfit=`
// overrides the answer so the popup can be tried without a real company behind the IP.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { type MarketFit, marketFit, marketFitOverride } from '@nimbus/core';
import type { AppEnv } from '../context';
import { errors, json } from '../schemas/common';
import { clientIp } from './session';

const LOOKUP_TIMEOUT_MS = 1500;

const Enrichment = z.object({ grade: z.enum(['A', 'B', 'C', 'D', 'E', 'F']), employees: z.number().int().min(0) });

const MarketFitReply = z
  .object({
    marketFit: z.union([z.literal(0), z.literal(1), z.literal(2)]).describe('0 unknown, 1 sales-led, 2 product-led.'),
    source: z.enum(['override', 'enrichment', 'unconfigured', 'unavailable']),
    note: z.string().optional().describe('Why the enrichment failed; only outside production.'),
  })
  .openapi('MarketFit');

type Reply = z.infer<typeof MarketFitReply>;

export function marketFitRoutes() {
  const app = new OpenAPIHono<AppEnv>();

  // GET /marketfit - the caller's market fit, for the demo popup
  app.openapi(
    createRoute({
      method: 'get',
      path: '/marketfit',
      tags: ['Market fit'],
      summary: 'Get the market fit of the caller',
      request: {
        query: z.object({
          marketfit: z.string().optional().describe('0, 1 or 2 forces the answer outside production.'),
        }),
      },
      responses: { 200: json(MarketFitReply), ...errors },
    }),
    async (c) => {
      const { marketFitUrl, environment } = c.var.options;
      c.header('cache-control', 'private, no-store');
      return c.json(
        await resolve(
          c.req.valid('query').marketfit,
          clientIp(c),
          marketFitUrl,
          (environment ?? 'production') === 'production',
        ),
        200,
      );
    },
  );

  return app;
}

async function resolve(
  query: string | undefined,
  ip: string,
  endpoint: string | undefined,
  production: boolean,
): Promise<Reply> {
  const forced = marketFitOverride(query, production);
  if (forced !== null) return { marketFit: forced, source: 'override' };
  if (!endpoint) return { marketFit: 0, source: 'unconfigured' };
  try {
    return { marketFit: await lookup(endpoint, ip), source: 'enrichment' };
  } catch (error) {
    const note = `Market fit lookup failed: ${(error as Error).message}`;
    return { marketFit: 0, source: 'unavailable', ...(production ? {} : { note }) };
  }
}

async function lookup(endpoint: string, ip: string): Promise<MarketFit> {
  const url = new URL(endpoint);
  url.searchParams.set('ip', ip);
  const res = await fetch(url, {
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(LOOKUP_TIMEOUT_MS),
  });
  if (!res.ok) throw new Error(`the enrichment service answered ${res.status}`);
  const parsed = Enrichment.safeParse(await res.json());
  if (!parsed.success) throw new Error('the enrichment service answered without {grade: A-F, employees}');
  return marketFit(parsed.data);
}
