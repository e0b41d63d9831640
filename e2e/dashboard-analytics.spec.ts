// The Analytics and Speed Insights tabs: page views, events and vitals stored through the collector's
// own write path (insertWebEvents / insertWebVitals) show as figures; clicking a referrer filters the
// tab (a chip in the URL that removes it again); Enable turns Web Analytics on from the tab. The rows
// are written by this process, as the collector of another machine would, so the journey runs a
// second Nimbus on its own PostgreSQL database (as e2e/dashboard-logs.spec.ts does).
import {
  createProject,
  type Database,
  getTeamForUser,
  insertWebEvents,
  insertWebVitals,
  userByEmail,
} from '@nimbus/db';
import { expect } from '@playwright/test';
import { fillSignup, personalSlugOf, test, uniqueEmail } from './helpers';
import { type SecondNimbusOnPostgres, startSecondNimbusOnPostgres } from './second-nimbus';

let second: SecondNimbusOnPostgres;
let database: Database;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  second = await startSecondNimbusOnPostgres(61, 'analytics', { NIMBUS_ROLE: 'web,api,edge' });
  database = second.database;
});

test.afterAll(async () => {
  await second?.stop();
});

test('shows visits and vitals, filters by a referrer and enables analytics from the tab', async ({ page }) => {
  const email = uniqueEmail('analytics');
  await page.goto(`${second.origin}/signup`);
  await fillSignup(page, email);
  await page.waitForURL((u) => u.pathname !== '/signup');

  const db = database.db;
  const user = (await userByEmail(db, email))!;
  const team = await getTeamForUser(db, user.id, personalSlugOf(email));
  const project = await createProject(db, team.id, { name: 'shop' });
  const at = new Date(Date.now() - 5 * 60_000);
  const base = { projectId: project.id, occurredAt: at, device: 'desktop' as const, browser: 'Chrome', os: 'macOS' };
  await insertWebEvents(db, [
    { ...base, path: '/', kind: 'pageview', visitor: 'v1', referrer: 'news.example' },
    { ...base, path: '/pricing', kind: 'pageview', visitor: 'v1', referrer: 'news.example' },
    { ...base, path: '/', kind: 'pageview', visitor: 'v2' },
    { ...base, path: '/docs', kind: 'pageview', visitor: 'v3', device: 'mobile' },
    { ...base, path: '/pricing', kind: 'event', eventName: 'Signup', visitor: 'v1' },
  ]);
  await insertWebVitals(db, [
    { ...base, path: '/', metric: 'LCP', value: 1800 },
    { ...base, path: '/', metric: 'CLS', value: 0.05 },
    { ...base, path: '/', metric: 'INP', value: 120 },
  ]);

  const tab = `${second.origin}/${team.slug}/shop/analytics`;
  await page.goto(tab);
  await expect(page.getByRole('heading', { name: 'Web Analytics is off' })).toBeVisible();
  await expect(page.getByTestId('stat-visitors')).toHaveText('3');
  await expect(page.getByTestId('stat-pageviews')).toHaveText('4');
  await expect(page.getByTestId('stat-bounce')).toHaveText('67%');
  await expect(page.getByRole('list', { name: 'Event' })).toContainText('Signup');

  await page
    .getByRole('list', { name: 'Referrer' })
    .getByRole('link', { name: /news\.example/ })
    .click();
  await expect(page).toHaveURL(/referrer=news\.example/);
  await expect(page.getByTestId('stat-visitors')).toHaveText('1');
  await expect(page.getByTestId('stat-pageviews')).toHaveText('2');
  await page.getByRole('link', { name: 'Remove filter Referrer: news.example' }).click();
  await expect(page).not.toHaveURL(/referrer=/);
  await expect(page.getByTestId('stat-visitors')).toHaveText('3');

  await page.getByRole('button', { name: 'Enable Web Analytics' }).click();
  await expect(page.getByRole('heading', { name: 'Web Analytics is off' })).toBeHidden();
  await expect
    .poll(async () => (await db.query.projects.findFirst({ where: (p, { eq }) => eq(p.id, project.id) }))?.webAnalytics)
    .toBe(true);

  await page.getByRole('link', { name: 'Speed Insights', exact: true }).click();
  await expect(page).toHaveURL(/\/shop\/speed-insights/);
  await expect(page.getByTestId('vital-LCP')).toHaveText('1.80 s');
  await expect(page.getByTestId('vital-CLS')).toHaveText('0.05');
  await expect(page.getByTestId('experience-score')).toHaveText(/^(9\d|100)$/);
});
