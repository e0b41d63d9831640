// Shared steps of the public-site journeys: a signed-in Nimbus staff member for reading back what
// the public pages stored (leads, search events). The staff team's slug is unique per database, so
// the first test of a run creates it (playwright.config.ts names a fresh one per run) and keeps its
// owner's login in a temp file for the other tests of the run.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type APIRequestContext, expect, request } from '@playwright/test';
import { sameOrigin } from './helpers';

/** Every public page: the public-routes, no-claims and phone-width journeys visit each one. */
export const ROUTES = [
  '/',
  '/pricing',
  '/enterprise',
  '/contact',
  '/contact/sales/demo',
  '/customers',
  '/blog',
  '/blog/introducing-conformance',
  '/blog/introducing-the-nimbus-waf',
  '/blog/nimbus-ship-2024',
  '/blog/feature-flags',
  '/blog/immutable-deployments',
  '/changelog',
  '/security',
  '/about',
  '/careers',
  '/partners',
  '/events',
  '/resources',
  '/legal',
  '/legal/terms',
  '/legal/privacy',
  '/cli',
  '/academy',
  '/ship',
  '/ship/contacts',
  '/design',
  '/font',
  '/geist',
  '/docs',
  '/docs/getting-started',
  '/docs/teams-and-roles',
  '/docs/https',
  '/docs/api-reference',
  '/guides',
  '/guides/deploy-a-vite-app',
  '/help',
  '/help/build-failed',
];

export const STAFF_TEAM = process.env.E2E_STAFF_TEAM!;
const PASSWORD = 'correct horse battery';

async function logIn(baseURL: string, email: string): Promise<APIRequestContext | null> {
  const api = await request.newContext({ baseURL, extraHTTPHeaders: sameOrigin(baseURL) });
  const res = await api.post('/api/auth/login', { data: { email, password: PASSWORD } });
  if (res.ok() && (await api.get('/api/v1/leads?limit=1')).ok()) return api;
  await api.dispose();
  return null;
}

/** An API client signed in as a member of the staff team. */
export async function staffApi(baseURL: string): Promise<APIRequestContext> {
  const file = path.join(tmpdir(), `nimbus-e2e-${STAFF_TEAM}.json`);
  if (existsSync(file)) {
    const known = await logIn(baseURL, JSON.parse(readFileSync(file, 'utf8')).email);
    if (known) return known;
  }
  const email = `staff-${Date.now()}@example.com`;
  const api = await request.newContext({ baseURL, extraHTTPHeaders: sameOrigin(baseURL) });
  expect(
    (await api.post('/api/v2/registration', { data: { email, password: PASSWORD, name: 'Staff' } })).status(),
  ).toBe(200);
  const team = await api.post('/api/v1/teams', { data: { name: 'Nimbus Staff', slug: STAFF_TEAM } });
  expect(team.status(), 'the staff team must be free on a fresh database').toBe(200);
  writeFileSync(file, JSON.stringify({ email }));
  return api;
}
