// Shared steps of the account journeys. E-mails are unique per run because the same suite also
// runs against a persistent PostgreSQL database.
import { type APIResponse, type Browser, type BrowserContext, test as base, expect, type Page } from '@playwright/test';

/**
 * Sign-ups and logins are throttled per client IP (20 sign-ups an hour), and the limits live in the
 * database. The e2e server trusts X-Forwarded-For (NIMBUS_TRUST_PROXY in playwright.config.ts), so
 * each browser context gets an address of its own: a long suite, or a second run against the same
 * database within the hour, is never throttled, and the throttles stay on as in production.
 */
export function clientAddress(): Record<string, string> {
  const octet = () => Math.floor(Math.random() * 254) + 1;
  return { 'x-forwarded-for': `10.${octet()}.${octet()}.${octet()}` };
}

/** The Origin a browser sends with a write to `url`'s server: Nimbus refuses a cookie write without it. */
export const sameOrigin = (url: string) => ({ origin: new URL(url).origin });

type Send = (url: string | { url(): string }, options?: { headers?: Record<string, string> }) => Promise<APIResponse>;

/**
 * Playwright's API requests (`page.request`) share the browser's cookies but, unlike the browser,
 * send no Origin. They stand for the dashboard's own calls, so each says it comes from the origin it
 * is sent to (a header given in the call wins). The browser's own requests are left alone.
 */
function withOrigin(context: BrowserContext, baseURL: string | undefined): BrowserContext {
  const api = context.request as unknown as Record<string, Send>;
  for (const name of ['fetch', 'post', 'put', 'patch', 'delete']) {
    const send = api[name]!.bind(api);
    api[name] = (url, options = {}) => {
      const target = new URL(typeof url === 'string' ? url : url.url(), baseURL).href;
      return send(url, { ...options, headers: { ...sameOrigin(target), ...options.headers } });
    };
  }
  return context;
}

export const test = base.extend({
  extraHTTPHeaders: async ({}, use) => use(clientAddress()),
  context: async ({ context, baseURL }, use) => use(withOrigin(context, baseURL)),
});

/** A second browser (another person), with its own client address. */
export async function newContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ extraHTTPHeaders: clientAddress() });
  return withOrigin(context, test.info().project.use.baseURL);
}

export const PASSWORD = 'correct horse battery';

let counter = 0;

/** A fresh address, e.g. owner-1732212345678-1@example.com; its local part becomes the username. */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${++counter}@example.com`;
}

/** The username the API derives from an e-mail made by uniqueEmail(). */
export function usernameOf(email: string): string {
  return email.split('@')[0]!.toLowerCase();
}

/** The personal team's slug (its URL): `<username>-projects`, never the username itself. */
export function personalSlugOf(email: string): string {
  return `${usernameOf(email).slice(0, 34).replace(/-+$/, '')}-projects`;
}

/** Signs up through /signup and waits until the app has moved on (to `next` or the personal account). */
export async function signUp(page: Page, options: { email?: string; name?: string; next?: string } = {}) {
  const email = options.email ?? uniqueEmail('user');
  await page.goto(options.next ? `/signup?next=${encodeURIComponent(options.next)}` : '/signup');
  await fillSignup(page, email, options.name);
  await page.waitForURL((url) => url.pathname !== '/signup');
  return { email, username: usernameOf(email), slug: personalSlugOf(email) };
}

/** Fills and submits the sign-up form already on screen. */
export async function fillSignup(page: Page, email: string, name?: string) {
  if (name) await page.getByLabel('Name (optional)').fill(name);
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
}

export async function logIn(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

export async function logOut(page: Page) {
  await page.getByRole('button', { name: /Open user menu/ }).click();
  await page.getByRole('button', { name: 'Log out', exact: true }).click();
  await page.waitForURL('**/login');
}

/** Creates a team through /new/team and returns its slug (taken from the URL it lands on). */
export async function createTeam(page: Page, name: string): Promise<string> {
  await page.goto('/new/team');
  await page.getByLabel('Team name').fill(name);
  await page.getByRole('button', { name: 'Create team' }).click();
  await page.waitForURL((url) => url.pathname !== '/new/team');
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  return new URL(page.url()).pathname.slice(1);
}

/** A new team moved to Pro (its trial) through the API, so it may have more than one member. */
export async function createProTeam(page: Page, name: string): Promise<string> {
  const slug = await createTeam(page, name);
  const res = await page.request.post(`/api/v1/plan/change?slug=${slug}`, { data: { plan: 'pro' } });
  expect(res.status(), await res.text()).toBe(200);
  return slug;
}

export async function cookie(context: BrowserContext, name: string) {
  return (await context.cookies()).find((c) => c.name === name);
}

/**
 * Accepts analytics in the consent banner, as a visitor must before any tracker runs (the e2e server
 * keeps the default NIMBUS_CONSENT_BANNER=auto and sends no country header, so the banner shows).
 */
export async function acceptAnalytics(page: Page) {
  const banner = page.getByRole('region', { name: 'Analytics cookies' });
  await banner.getByRole('button', { name: 'Accept' }).click();
  await expect(banner).toBeHidden();
}

/**
 * The axe rules whose outcome depends on colours. A dark theme changes colours only, so its pass runs
 * these and leaves the rest (names, roles, landmarks, labels) to the light theme's full pass.
 */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];
