// Feature flags, end to end: a staff member rolls the dashboard's `header-changelog-link` flag out to
// 50% on /admin/flags; teams then see the header's Changelog link or not, split by the flag's
// buckets; the browsers of visitors who allow analytics report their exposures, which staff count
// on /admin/flags; visitors who did not allow it report none.
import { encodeConsent, evaluateFlag } from '@nimbus/core';
import { type APIRequestContext, type Browser, type BrowserContext, expect, request } from '@playwright/test';
import { clientAddress, PASSWORD, test, uniqueEmail } from './helpers';
import { staffApi } from './public-helpers';

const FLAG = 'header-changelog-link';

type Member = { api: APIRequestContext; userId: string; teamId: string; slug: string; on: boolean };

async function exposures(staff: APIRequestContext): Promise<{ on: number; off: number }> {
  const res = await staff.get('/api/v1/admin/flags');
  expect(res.status()).toBe(200);
  const flag = (await res.json()).flags.find((f: { key: string }) => f.key === FLAG);
  return { on: flag?.exposures.true ?? 0, off: flag?.exposures.false ?? 0 };
}

async function newMember(baseURL: string): Promise<Member> {
  const api = await request.newContext({ baseURL, extraHTTPHeaders: clientAddress() });
  const email = uniqueEmail('flags');
  const res = await api.post('/api/v2/registration', { data: { email, password: PASSWORD } });
  expect(res.status()).toBe(200);
  const { user } = await (await api.get('/api/v2/user')).json();
  const team = await (await api.get(`/api/v2/teams/${user.defaultTeamId}`)).json();
  const rule = { key: FLAG, enabled: true, rolloutPercentage: 50, overrides: {} };
  const on = evaluateFlag(rule, { teamId: user.defaultTeamId, userId: user.id }).value;
  return { api, userId: user.id, teamId: user.defaultTeamId, slug: team.slug, on };
}

/** A browser signed in as the member, with analytics allowed or refused (or not chosen). */
async function browse(browser: Browser, baseURL: string, member: Member, analytics: boolean | null) {
  const context: BrowserContext = await browser.newContext({
    storageState: await member.api.storageState(),
    extraHTTPHeaders: clientAddress(),
  });
  if (analytics !== null) {
    await context.addCookies([
      { name: 'consent', value: encodeConsent({ analytics, updatedAt: Date.now() }), url: baseURL },
    ]);
  }
  const page = await context.newPage();
  await page.goto(`/${member.slug}`);
  await expect(page.getByRole('link', { name: 'Docs', exact: true })).toBeVisible();
  return { context, page };
}

test('a flag rolled out to 50% splits teams, and only consenting browsers report exposures', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const staff = await staffApi(baseURL!);
  // The same database may have the flag from an earlier run; start from none.
  await staff.delete(`/api/v1/admin/flags/${FLAG}`);

  // A staff member defines the flag and rolls it out to half the teams.
  await page.context().addCookies((await staff.storageState()).cookies);
  await page.goto('/admin/flags');
  await page.getByLabel('Key').fill(FLAG);
  await page.getByLabel('Description').fill('The Changelog link in the dashboard header');
  await page.getByRole('button', { name: 'Create flag' }).click();
  const item = page.getByRole('listitem', { name: `Flag ${FLAG}` });
  await expect(item).toBeVisible();
  await item.getByLabel('Enabled').check();
  await item.getByLabel('Rollout (%)').fill('50');
  await item.getByRole('button', { name: 'Save' }).click();
  await expect
    .poll(async () => {
      const { flags } = await (await staff.get('/api/v1/admin/flags')).json();
      return flags.find((f: { key: string }) => f.key === FLAG)?.rolloutPercentage;
    })
    .toBe(50);

  // New teams until both sides of the split have two.
  const members: Member[] = [];
  while (members.filter((m) => m.on).length < 2 || members.filter((m) => !m.on).length < 2) {
    expect(members.length, 'a 50% rollout splits teams').toBeLessThan(30);
    members.push(await newMember(baseURL!));
  }
  const shown = [...members.filter((m) => m.on).slice(0, 2), ...members.filter((m) => !m.on).slice(0, 2)];
  const before = await exposures(staff);

  // Each consenting member sees the link exactly when their team is in the rollout, and reports it.
  for (const member of shown) {
    const { context, page: theirs } = await browse(browser, baseURL!, member, true);
    const link = theirs.getByRole('link', { name: 'Changelog', exact: true });
    if (member.on) await expect(link).toBeVisible();
    else await expect(theirs.getByRole('link', { name: 'Docs', exact: true })).toBeVisible();
    await expect
      .poll(async () => {
        const now = await exposures(staff);
        return now.on + now.off;
      })
      .toBeGreaterThan(before.on + before.off + shown.indexOf(member));
    if (!member.on) await expect(link).toHaveCount(0);
    await context.close();
  }
  await expect.poll(() => exposures(staff)).toEqual({ on: before.on + 2, off: before.off + 2 });

  // Members who refused analytics, or never chose, still get the flag but report nothing.
  const counted = await exposures(staff);
  for (const analytics of [false, null]) {
    const member = members.find((m) => m.on)!;
    const { context, page: theirs } = await browse(browser, baseURL!, member, analytics);
    await expect(theirs.getByRole('link', { name: 'Changelog', exact: true })).toBeVisible();
    await theirs.waitForTimeout(3000);
    await theirs.goto('/account');
    await context.close();
  }
  expect(await exposures(staff)).toEqual(counted);

  // Staff read the counts on the page.
  await page.reload();
  await expect(item.getByTestId('exposures')).toHaveText(`Exposures: on ${counted.on} · off ${counted.off}`);
  for (const member of members) await member.api.dispose();
});

test('an uncaught error on a page reaches /admin/errors with its page and release', async ({ page, baseURL }) => {
  const staff = await staffApi(baseURL!);
  const message = `flags journey boom ${Date.now()}`;
  await page.goto('/pricing');
  // Thrown again on each poll: the page's listener starts once React has hydrated it.
  await expect
    .poll(async () => {
      await page.evaluate((text) => {
        setTimeout(() => {
          throw new Error(text);
        });
      }, message);
      const { errors } = await (await staff.get('/api/v1/admin/client-errors')).json();
      return errors.find((e: { message: string }) => e.message === message)?.path;
    })
    .toBe('/pricing');

  await page.context().addCookies((await staff.storageState()).cookies);
  await page.goto('/admin/errors');
  const report = page.getByTestId('client-error').filter({ hasText: message }).first();
  await expect(report).toContainText('Page /pricing');
  await expect(report).toContainText('Release 0.1.0');
});
