// GET /show-consent-banner (services/consent.ts): public; whether Nimbus's own pages must ask this
// visitor before any tracking. The browser asks once per page load when no choice is recorded.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { CONSENT_COOKIE } from '@nimbus/core';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { AppEnv } from '../context';
import { json } from '../schemas/common';
import * as consent from '../services/consent';

const ShowBanner = z
  .object({
    showBanner: z
      .boolean()
      .describe(
        'true: ask before tracking (NIMBUS_CONSENT_BANNER=always, or auto and the visitor may be in the EU/EEA, UK or Switzerland).',
      ),
  })
  .openapi('ShowConsentBanner');

/** The request's `consent` cookie declines analytics: trackers answer as if accepted and store nothing. */
export const analyticsDeclined = (c: Context) => consent.analyticsDeclined(getCookie(c, CONSENT_COOKIE));

export function consentRoutes() {
  const app = new OpenAPIHono<AppEnv>();

  // GET /show-consent-banner - whether this visitor must be asked before tracking
  app.openapi(
    createRoute({
      method: 'get',
      path: '/show-consent-banner',
      tags: ['Consent'],
      summary: 'Whether to ask for consent',
      description:
        'Decided by NIMBUS_CONSENT_BANNER and, in auto mode, the country header named by NIMBUS_COUNTRY_HEADER. The `consent` cookie then holds the choice.',
      responses: { 200: json(ShowBanner) },
    }),
    (c) => {
      c.header('cache-control', 'private, no-store');
      return c.json(
        consent.showBanner(c.var.options, (name) => c.req.header(name)),
        200,
      );
    },
  );

  return app;
}
