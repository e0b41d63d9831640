// Nimbus's own tracking (docs/architecture.md, "Tracking"): a visit from a campaign link, with
// consent, keeps the campaign and the session ids, and the activity records of the sign-up that
// follows carry the UTM set, the plan traits and REDACTED for personal data; without consent the
// browser stores nothing and sends nothing.
import { CONSENT_COOKIE, encodeConsent } from '@nimbus/core';
import { type BrowserContext, expect, type Page } from '@playwright/test';
import { signUp, test } from './helpers';
import { staffApi } from './public-helpers';

const CAMPAIGN = `/?utm_source=e2e-news&utm_campaign=launch-${Date.now()}&gclid=GCL-1&email=ada@example.com`;

async function consent(context: BrowserContext, baseURL: string, analytics: boolean) {
  await context.addCookies([
    { name: CONSENT_COOKIE, value: encodeConsent({ analytics, updatedAt: Date.now() }), url: baseURL },
  ]);
}

interface Stored {
  id: string;
  topic: string;
  record: Record<string, any>;
}

async function records(page: Page, topic: string): Promise<Stored[]> {
  const res = await page.request.get(`/api/v1/stream/internal?topic=${topic}&limit=100`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { events: Stored[] }).events;
}

test('a campaign visit with consent becomes a sign-up whose records carry the campaign and the traits', async ({
  page,
  context,
  baseURL,
}) => {
  await consent(context, baseURL!, true);
  await page.goto(CAMPAIGN);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('nimbus:attribution'))).toContain('e2e-news');
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('nimbus:attribution')!));
  expect(stored).toMatchObject({
    utm: { utm_source: 'e2e-news', utm_campaign: expect.stringMatching(/^launch-/) },
    gclid: 'GCL-1',
    landingPage: expect.stringContaining(CAMPAIGN),
  });
  const sid = await page.evaluate(() => sessionStorage.getItem('sid'));
  expect(sid).toMatch(/^[0-9a-f-]{36}$/);
  expect(await page.evaluate(() => sessionStorage.getItem('srid'))).not.toBeNull();

  // The landing page view is anonymous (the stream keeps no user id without a session): staff read
  // it, with the e-mail in the query redacted.
  const staff = await staffApi(baseURL!);
  await expect
    .poll(async () => {
      const res = await staff.get('/api/v1/stream/internal?topic=activity&limit=100');
      const events = ((await res.json()) as { events: Stored[] }).events;
      return events.find((e) => e.record.session_id === sid && e.record.path === '/')?.record ?? null;
    })
    .toMatchObject({
      action: 'page_view',
      nimbus_app: 'marketing',
      utm: { utm_source: 'e2e-news' },
      query_params: { utm_source: 'e2e-news', gclid: 'GCL-1', email: 'REDACTED' },
      globals: { isLoggedIn: false, plan: null },
    });
  await staff.dispose();

  const { slug } = await signUp(page);
  await page.goto(`/${slug}?email=ada@example.com`);

  // identify on the first page after the sign-up: the user's own records, e-mail redacted.
  await expect
    .poll(async () => (await records(page, 'identify'))[0]?.record ?? null)
    .toMatchObject({
      email: 'REDACTED',
      session_id: sid,
      traits: { isTrial: false, isPro: false, hobbyStartDate: expect.any(Number), isStaff: false },
    });

  await expect
    .poll(async () => {
      const mine = await records(page, 'activity');
      return mine.find((e) => e.record.path === `/${slug}` && e.record.query_params?.email)?.record ?? null;
    })
    .toMatchObject({
      action: 'page_view',
      session_id: sid,
      nimbus_app: 'dashboard',
      user_role: 'OWNER',
      billing_plan: 'hobby',
      utm: { utm_source: 'e2e-news', utm_campaign: expect.stringMatching(/^launch-/) },
      query_params: { email: 'REDACTED' },
      globals: {
        isLoggedIn: true,
        isStaff: false,
        plan: 'hobby',
        role: 'OWNER',
        isTrial: false,
        userVersion: 'northstar',
        hobbyStartDate: expect.any(Number),
        hasDowngradedTrial: false,
      },
    });

  // A click on a button is autocaptured with its text and size.
  await page.getByRole('button', { name: /Open user menu/ }).click();
  await expect
    .poll(async () => (await records(page, 'activity')).find((e) => e.record.action === 'click')?.record ?? null)
    .toMatchObject({ meta: { name: 'button', tag: 'button', size: expect.stringMatching(/tiny|small|medium|large/) } });

  // Logging out sends reset (anonymous, so staff read it) and forgets the identified user.
  await page.getByRole('button', { name: 'Log out', exact: true }).click();
  await page.waitForURL('**/login');
  const staffAgain = await staffApi(baseURL!);
  await expect
    .poll(async () => {
      const res = await staffAgain.get('/api/v1/stream/internal?topic=reset&limit=100');
      const events = ((await res.json()) as { events: Stored[] }).events;
      return events.find((e) => e.record.session_id === sid)?.record ?? null;
    })
    .toMatchObject({ globals: { isLoggedIn: false } });
  await staffAgain.dispose();
  expect(await page.evaluate(() => localStorage.getItem('nimbus:identified'))).toBeNull();
});

test('a lead sent after a campaign visit carries the campaign', async ({ page, context, baseURL }) => {
  await consent(context, baseURL!, true);
  await page.goto(CAMPAIGN);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('nimbus:attribution'))).toContain('e2e-news');
  const email = `campaign-lead-${Date.now()}@example.com`;
  await page.goto('/contact');
  await page.getByLabel('Full name').fill('Grace Hopper');
  await page.getByLabel('Work e-mail').fill(email);
  await page.getByRole('textbox', { name: 'Company', exact: true }).fill('Navy Labs');
  await page.getByLabel('Company size').selectOption('1000-4999');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('status')).toContainText('Message received');

  const staff = await staffApi(baseURL!);
  const { leads } = await (await staff.get('/api/v1/leads?kind=sales')).json();
  expect(leads.find((lead: { email: string }) => lead.email === email)?.attribution).toMatchObject({
    utm: { utm_source: 'e2e-news', utm_campaign: expect.stringMatching(/^launch-/) },
    gclid: 'GCL-1',
    landingPage: expect.stringContaining('utm_source=e2e-news'),
  });
  await staff.dispose();
});

test('without consent nothing is stored and no record is sent', async ({ page, context, baseURL }) => {
  const sent: string[] = [];
  page.on('request', (req) => {
    if (new URL(req.url()).pathname.startsWith('/api/stream/internal')) sent.push(req.url());
  });
  await consent(context, baseURL!, false);
  await page.goto(CAMPAIGN);
  await page
    .getByRole('link', { name: /pricing/i })
    .first()
    .click();
  await page.waitForURL('**/pricing');
  // Longer than one pathname poll (2 s) and the event queue's retries.
  await page.waitForTimeout(4500);
  const storage = await page.evaluate(() => ({
    attribution: localStorage.getItem('nimbus:attribution'),
    identified: localStorage.getItem('nimbus:identified'),
    sid: sessionStorage.getItem('sid'),
    srid: sessionStorage.getItem('srid'),
  }));
  expect(storage).toEqual({ attribution: null, identified: null, sid: null, srid: null });
  expect(sent).toEqual([]);
});
