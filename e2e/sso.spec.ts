// SAML single sign-on, against a small identity provider and DNS server started here
// (packages/api/src/sso-testing.ts) and a second Nimbus that asks that DNS server: the owner sets
// SSO up in team settings, a member logs in with SSO from the login page, an SSO-enforced team shows
// the SAML sign-in modal to a password session and the flow comes back to the page, and the scope
// login page offers the team's SSO, where a refused call for that team from another team's page leads.
import { type BrowserContext, expect, type Page } from '@playwright/test';
import { startTestDns, startTestIdp, type TestIdp } from '../packages/api/src/sso-testing';
import { fillSignup, newContext, PASSWORD, test } from './helpers';
import { type SecondNimbus, startSecondNimbus } from './second-nimbus';

let second: SecondNimbus;
let origin: string;
let idp: TestIdp;
let dns: Awaited<ReturnType<typeof startTestDns>>;
const records = new Map<string, string[]>();
const domain = `sso${Date.now().toString(36)}.test`;
const member = `member@${domain}`;
const teamName = `SSO ${domain.split('.')[0]}`;
let slug: string;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  dns = await startTestDns(records);
  idp = await startTestIdp(member);
  // The identity provider's metadata URL is on 127.0.0.1, which Nimbus fetches only when told it may.
  second = await startSecondNimbus(70, { NIMBUS_DNS_SERVERS: dns.server, NIMBUS_HOOKS_PRIVATE_ADDRESSES: '1' });
  origin = second.origin;
});

test.afterAll(async () => {
  await second?.stop();
  await idp?.close();
  dns?.close();
});

async function signUpAt(page: Page, email: string) {
  await page.goto(`${origin}/signup`);
  await fillSignup(page, email);
  await page.waitForURL((url) => url.pathname !== '/signup');
}

async function logInWithPassword(context: BrowserContext, email: string, next: string) {
  await context.clearCookies();
  const page = await context.newPage();
  await page.goto(`${origin}/login?next=${encodeURIComponent(next)}`);
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  return page;
}

test('an owner sets up SAML SSO and requires it', async ({ page }) => {
  await signUpAt(page, `owner@${domain}`);
  const team = await page.request.post(`${origin}/api/v1/teams`, { data: { name: teamName } });
  expect(team.status(), await team.text()).toBe(200);
  slug = (await team.json()).slug;
  const pro = await page.request.post(`${origin}/api/v1/plan/change?slug=${slug}`, { data: { plan: 'pro' } });
  expect(pro.status(), await pro.text()).toBe(200);

  await page.goto(`${origin}/${slug}/~/settings`);
  const card = page.locator('#saml');
  await card.getByLabel('IdP metadata (URL or XML)').fill(idp.metadataUrl);
  await card.getByRole('button', { name: 'Save IdP' }).click();
  await expect(card.getByTestId('saml-idp')).toContainText(idp.entityId);
  await card.getByLabel('E-mail domain').fill(domain);
  await card.getByRole('button', { name: 'Save domain' }).click();
  await expect(card.getByText('Not verified')).toBeVisible();

  const settings = await (await page.request.get(`${origin}/api/v1/teams/${slug}/saml`)).json();
  records.set(settings.verificationRecord.name, [settings.verificationRecord.value]);
  await card.getByRole('button', { name: 'Verify domain' }).click();
  await expect(card.getByText('Verified', { exact: true })).toBeVisible();
  await card.getByLabel(/Require SAML for members/).click();
  await expect(card.getByLabel(/Require SAML for members/)).toBeChecked();
});

test('a member logs in with SAML SSO from the login page and joins the team', async ({ browser }) => {
  const context = await newContext(browser);
  await signUpAt(await context.newPage(), member);
  await context.clearCookies();
  const page = await context.newPage();
  await page.goto(`${origin}/login`);
  await page.getByLabel('Work address for SAML SSO').fill(member);
  await page.getByRole('button', { name: 'Continue with SAML SSO', exact: true }).click();
  await page.waitForURL(`${origin}/${slug}`);
  await expect(page.getByRole('heading', { level: 1, name: teamName })).toBeVisible();
  await context.close();
});

test('an SSO-enforced team shows the SAML modal to a password session, and SSO brings the member back', async ({
  browser,
}) => {
  const context = await newContext(browser);
  const page = await logInWithPassword(context, member, `/${slug}/~/settings/members`);
  await page.waitForURL(`${origin}/${slug}/~/settings/members`);
  const modal = page.getByRole('dialog', { name: 'Log in with SAML Single Sign-On' });
  await expect(modal).toContainText(`Team ${slug} requires you to log in`);
  await modal.getByRole('link', { name: 'Continue with SAML SSO' }).click();
  await page.waitForURL(`${origin}/${slug}/~/settings/members`);
  await expect(page.getByRole('dialog', { name: 'Log in with SAML Single Sign-On' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Members' }).first()).toBeVisible();
  await context.close();
});

test('the scope login page offers the team SSO and returns to next', async ({ browser }) => {
  const context = await newContext(browser);
  const page = await logInWithPassword(context, member, '/');
  await page.waitForURL((url) => url.pathname !== '/login');
  await page.goto(`${origin}/login/scope/${slug}?next=${encodeURIComponent(`/${slug}`)}&missingScope=1`);
  await expect(page.getByRole('heading', { name: `Log in again to access team ${slug}` })).toBeVisible();
  await page.getByRole('button', { name: `Continue with SAML SSO for ${slug}` }).click();
  await page.waitForURL(`${origin}/${slug}`);
  await expect(page.getByRole('heading', { level: 1, name: teamName })).toBeVisible();
  await context.close();
});

test('a call for the SSO team from another team page sends the user to the scope login page', async ({ browser }) => {
  const context = await newContext(browser);
  const page = await logInWithPassword(context, member, '/');
  await page.waitForURL((url) => url.pathname !== '/login');
  const { teams } = await (await page.request.get(`${origin}/api/v2/teams`)).json();
  const personal = teams.find((team: { personal: boolean }) => team.personal);
  const project = `moving-${Date.now()}`;
  const made = await page.request.post(`${origin}/api/v11/projects?teamId=${personal.id}`, { data: { name: project } });
  expect(made.status(), await made.text()).toBe(200);

  await page.goto(`${origin}/${personal.slug}/~/settings`);
  await page.getByRole('button', { name: 'Transfer projects' }).click();
  const dialog = page.getByRole('dialog', { name: 'Transfer projects' });
  await dialog.getByRole('checkbox', { name: project }).check();
  await dialog.getByLabel('Destination').selectOption({ label: teamName });
  await dialog.getByRole('button', { name: 'Transfer', exact: true }).click();
  await page.waitForURL((url) => url.pathname === `/login/scope/${slug}`);
  const url = new URL(page.url());
  expect(url.searchParams.get('missingScope')).toBe('1');
  expect(url.searchParams.get('next')).toBe(`/${personal.slug}/~/settings`);
  await expect(page.getByRole('button', { name: `Continue with SAML SSO for ${slug}` })).toBeVisible();
  await context.close();
});
