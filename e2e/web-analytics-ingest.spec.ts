// Web Analytics end to end in a real browser (issue #17): a page that includes
// /_nimbus/insights/script.js is deployed through the dashboard, Web Analytics and Speed Insights
// are switched on by clicking in their tabs (the script answers at once), and a visitor in Chromium
// opens it, navigates client-side, fires a custom event and leaves. The page views, the event and
// the vitals land in the database and show in the Analytics and Speed Insights tabs; the Respect Do
// Not Track switch and Disable work from the tab too. This journey runs a second Nimbus on a
// PostgreSQL database of its own so that it can read the rows. A second journey, on the suite's
// server, deploys a page running @vercel/analytics's own inject() and sees its view in the tab.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type Database, schema } from '@nimbus/db';
import { type Browser, expect, type Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { deployFolder, deploymentUrl, uniqueName, waitForState } from './dashboard-helpers';
import { clientAddress, fillSignup, personalSlugOf, test, uniqueEmail } from './helpers';
import { type SecondNimbusOnPostgres, startSecondNimbusOnPostgres } from './second-nimbus';

// Headless Chromium names itself HeadlessChrome, which Web Analytics rightly counts as a bot. The
// visitor's browser is started with another name: a context's userAgent does not cover the beacons
// a page sends as it is left, and those carry the vitals.
const DESKTOP_CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const PAGE = `<!doctype html>
<html><head><title>Launch</title><script defer src="/_nimbus/insights/script.js"></script></head>
<body>
<h1>Launch week</h1>
<p>${'A paragraph of text so the page paints something worth measuring. '.repeat(20)}</p>
<button id="pricing" onclick="history.pushState({}, '', '/pricing'); document.querySelector('h1').textContent = 'Pricing'">Pricing</button>
<button id="signup" onclick="window.nimbus.track('Signup', { plan: 'pro' })">Sign up</button>
</body></html>`;

/** @vercel/analytics's published browser build (no imports), served by the deployment as a module. */
const VERCEL_ANALYTICS = readFileSync(
  path.join(process.cwd(), 'node_modules', '@vercel', 'analytics', 'dist', 'index.mjs'),
  'utf8',
);
const VERCEL_PAGE = `<!doctype html>
<html><head><title>Vercel app</title>
<script type="module">import { inject } from '/va.js'; inject({ mode: 'production' });</script>
</head><body><h1>Made for Vercel</h1></body></html>`;

/** A visitor's own Chromium, named as a desktop Chrome (see DESKTOP_CHROME). */
function visitorChromium(playwright: { chromium: { launch(o: object): Promise<Browser> } }) {
  return playwright.chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', `--user-agent=${DESKTOP_CHROME}`],
  });
}

/** Opens a tab and clicks its Enable button; the card then says the feature is on. */
async function enableIn(page: Page, tab: string, title: string) {
  await page.goto(tab);
  await page.getByRole('button', { name: `Enable ${title}` }).click();
  await expect(page.getByRole('heading', { name: `${title} is on` })).toBeVisible();
}

let second: SecondNimbusOnPostgres;
let database: Database;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  second = await startSecondNimbusOnPostgres(70, 'insights');
  database = second.database;
});

test.afterAll(async () => {
  await second?.stop();
});

test('records the page views, a custom event and the vitals of a visit', async ({ browser, playwright }) => {
  test.setTimeout(240_000);
  const owner = await browser.newContext({ baseURL: second.origin, extraHTTPHeaders: clientAddress() });
  const page = await owner.newPage();
  const email = uniqueEmail('insights');
  await page.goto('/signup');
  await fillSignup(page, email);
  await page.waitForURL((u) => u.pathname !== '/signup');
  const project = uniqueName('launch');
  await deployFolder(page, personalSlugOf(email), project, { 'index.html': PAGE });
  await waitForState(page, 'Ready');
  const site = await deploymentUrl(page);

  // Off: no script. (Asked through Chromium, which resolves *.localhost; Node does not.)
  let asked = 0;
  const scriptStatus = async () => (await page.goto(`${site}/_nimbus/insights/script.js?n=${++asked}`))!.status();
  expect(await scriptStatus()).toBe(404);
  const db = database.db;
  const [row] = await db
    .select({ id: schema.projects.id })
    .from(schema.projects)
    .where(eq(schema.projects.name, project));
  const base = `/${personalSlugOf(email)}/${project}`;
  await enableIn(page, `${base}/analytics`, 'Web Analytics');
  await enableIn(page, `${base}/speed-insights`, 'Speed Insights');
  // The edge learns the switch at once: no wait for its host cache.
  expect(await scriptStatus()).toBe(200);

  const visitorBrowser = await visitorChromium(playwright);
  const visitor = await visitorBrowser.newContext({ extraHTTPHeaders: clientAddress() });
  const tab = await visitor.newPage();
  const posts: string[] = [];
  tab.on('request', (r) => r.method() === 'POST' && posts.push(new URL(r.url()).pathname));
  await tab.goto(site);
  await expect.poll(() => posts.filter((p) => p === '/hfi/events').length).toBe(1);
  await tab.getByRole('button', { name: 'Pricing' }).click();
  await expect(tab.getByRole('heading', { name: 'Pricing' })).toBeVisible();
  await tab.getByRole('button', { name: 'Sign up' }).click();
  await expect.poll(() => posts.filter((p) => p === '/hfi/events').length).toBe(3);
  // Leaving the page sends the vitals measured so far.
  await tab.goto('about:blank');

  const events = () => db.select().from(schema.webEvents).where(eq(schema.webEvents.projectId, row!.id));
  await expect.poll(async () => (await events()).length, { timeout: 15_000 }).toBe(3);
  const rows = await events();
  expect(
    rows
      .filter((e) => e.kind === 'pageview')
      .map((e) => e.path)
      .sort(),
  ).toEqual(['/', '/pricing']);
  expect(rows.find((e) => e.kind === 'event')).toMatchObject({
    eventName: 'Signup',
    eventData: { plan: 'pro' },
    path: '/pricing',
    browser: 'Chrome',
    os: 'Linux',
    device: 'desktop',
  });
  expect(new Set(rows.map((e) => e.visitor)).size).toBe(1);

  const vitals = () => db.select().from(schema.webVitals).where(eq(schema.webVitals.projectId, row!.id));
  const metrics = async () => new Set((await vitals()).map((v) => v.metric));
  // Time to first byte and first paint are known by the time the page is left; LCP too once it painted.
  await expect
    .poll(async () => [...(await metrics())].sort(), { timeout: 15_000 })
    .toEqual(expect.arrayContaining(['FCP', 'LCP', 'TTFB']));
  const [vital] = await vitals();
  expect(vital).toMatchObject({ browser: 'Chrome', device: 'desktop' });
  await visitorBrowser.close();

  // The Analytics tab reads today's events as they are: one visitor, two page views, the event.
  await page.goto(`${base}/analytics?period=24h`);
  await expect(page.getByTestId('stat-visitors')).toHaveText('1');
  await expect(page.getByTestId('stat-pageviews')).toHaveText('2');
  await expect(page.getByRole('list', { name: 'Page' })).toContainText('/pricing');
  await expect(page.getByRole('list', { name: 'Event' })).toContainText('Signup');
  await page.goto(`${base}/speed-insights?period=24h`);
  for (const metric of ['FCP', 'TTFB', 'LCP']) await expect(page.getByTestId(`vital-${metric}`)).toHaveText(/\d/);

  // Respect Do Not Track, then Disable after a confirmation: the script stops at once.
  await page.goto(`${base}/analytics`);
  const dnt = page.getByRole('switch', { name: 'Respect Do Not Track' });
  await expect(dnt).not.toBeChecked();
  await dnt.click();
  await expect(dnt).toBeChecked();
  await expect
    .poll(
      async () => (await db.query.projects.findFirst({ where: (p, o) => o.eq(p.id, row!.id) }))?.webAnalyticsRespectDnt,
    )
    .toBe(true);
  await page.getByRole('button', { name: 'Disable Web Analytics' }).click();
  const dialog = page.getByRole('dialog', { name: 'Disable Web Analytics' });
  await dialog.getByRole('button', { name: 'Disable Web Analytics' }).click();
  await expect(page.getByRole('heading', { name: 'Web Analytics is off' })).toBeVisible();
  expect(await scriptStatus()).toBe(404);
  await owner.close();
});

test('counts the view of an app that runs @vercel/analytics', async ({ browser, playwright }) => {
  test.setTimeout(180_000);
  const owner = await browser.newContext({ extraHTTPHeaders: clientAddress() });
  const page = await owner.newPage();
  const email = uniqueEmail('vercel-analytics');
  await page.goto('/signup');
  await fillSignup(page, email);
  await page.waitForURL((u) => u.pathname !== '/signup');
  const project = uniqueName('vapp');
  await deployFolder(page, personalSlugOf(email), project, { 'index.html': VERCEL_PAGE, 'va.js': VERCEL_ANALYTICS });
  await waitForState(page, 'Ready');
  const site = await deploymentUrl(page);
  const base = `/${personalSlugOf(email)}/${project}`;
  await enableIn(page, `${base}/analytics`, 'Web Analytics');

  const visitorBrowser = await visitorChromium(playwright);
  const tab = await (await visitorBrowser.newContext({ extraHTTPHeaders: clientAddress() })).newPage();
  const views: string[] = [];
  tab.on('requestfinished', async (r) => {
    const status = (await r.response())?.status();
    if (r.method() === 'POST') views.push(`${new URL(r.url()).pathname} ${status}`);
  });
  await tab.goto(site);
  await expect(tab.getByRole('heading', { name: 'Made for Vercel' })).toBeVisible();
  // The package's script comes from its own path (/_vercel/insights/script.js) and posts the view.
  await expect.poll(() => views.filter((v) => v.endsWith(' 204')).length, { message: views.join(', ') }).toBe(1);
  await visitorBrowser.close();

  await expect
    .poll(
      async () => {
        await page.goto(`${base}/analytics?period=24h`);
        return page
          .getByTestId('stat-pageviews')
          .textContent({ timeout: 2_000 })
          .catch(() => null);
      },
      { timeout: 20_000 },
    )
    .toBe('1');
  await expect(page.getByTestId('stat-visitors')).toHaveText('1');
  await expect(page.getByRole('list', { name: 'Page' })).toContainText('/');
  await owner.close();
});
