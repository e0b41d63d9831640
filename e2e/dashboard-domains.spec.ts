// Custom domains in the dashboard (issue #15): a domain added on the project's Domains tab shows the
// exact records to set; once a real DNS server (dnsmasq on the fixed port playwright.config.ts gives
// Nimbus in NIMBUS_DNS_SERVERS) answers them, Refresh says Valid Configuration and the server serves
// the deployment on that name; www redirects to the apex; the team settings list it; removing works.
import { expect, type Locator, type Page } from '@playwright/test';
import { type DnsServer, hasDnsmasq, startDnsServer } from '../test/dns-server';
import { deployFolder, uniqueName, waitForState } from './dashboard-helpers';
import { signUp, test } from './helpers';

const EDGE_IP = process.env.E2E_EDGE_IPV4!;
let dns: DnsServer;

test.skip(!hasDnsmasq, 'needs dnsmasq (Debian package dnsmasq-base)');

test.beforeAll(async () => {
  dns = await startDnsServer(['test'], {}, Number(process.env.E2E_DNS_PORT));
});

test.afterAll(async () => {
  await dns?.close();
});

/** The record rows of a domain card, as "TYPE NAME VALUE". */
async function recordsOf(card: Locator, count?: number): Promise<string[]> {
  const rows = card.getByRole('table').getByRole('row');
  await expect(rows.nth(1)).toBeVisible();
  // The records may come in one after another: wait for as many as the caller expects (and the header row).
  if (count !== undefined) await expect(rows).toHaveCount(count + 1);
  const texts: string[] = [];
  for (const row of (await rows.all()).slice(1)) {
    const cells = row.getByRole('cell');
    const type = (await cells.nth(0).textContent()) ?? '';
    const name = (await cells.nth(1).locator('span.font-mono').textContent()) ?? '';
    const value = (await cells.nth(2).locator('span.font-mono').textContent()) ?? '';
    texts.push(`${type.trim()} ${name.trim()} ${value.trim()}`);
  }
  return texts;
}

/** What a visitor of `host` gets from this server (the Host header picks the site). */
async function through(page: Page, host: string) {
  const res = await page.request.get('/', { headers: { host }, maxRedirects: 0 });
  return { status: res.status(), body: (await res.text()).trim(), location: res.headers().location };
}

test('adds a domain, shows the records to set, verifies it against DNS, serves it, redirects www and removes it', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const { slug } = await signUp(page);
  const name = uniqueName('domains');
  const apex = `${name}.test`;
  const www = `www.${apex}`;
  await deployFolder(page, slug, name, { 'index.html': `hello from ${name}` }, 'Production');
  await waitForState(page, 'Ready');

  await page.goto(`/${slug}/${name}`);
  const tabs = page.getByRole('navigation', { name: 'Project' });
  await tabs.getByRole('link', { name: 'Domains', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Domains' })).toBeVisible();
  await expect(page.getByText('No domains yet.')).toBeVisible();

  // Bad names get the API's own words, before any request.
  const form = page.getByRole('region', { name: 'Add domain' });
  const field = form.getByLabel('Domain', { exact: true });
  await field.fill('shop_one.test');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('alert')).toHaveText(
    '"shop_one.test" contains an underscore, which domain names may not.',
  );
  await field.fill('203.0.113.7');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('alert')).toHaveText(
    '"203.0.113.7" is an IP address; enter a domain name such as example.com.',
  );

  await field.fill(apex.toUpperCase());
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Added ${apex}. Set the DNS records shown to verify it.`)).toBeVisible();
  const card = page.getByRole('region', { name: apex, exact: true });
  await expect(card.getByRole('status')).toHaveText('Verification Needed');
  const records = await recordsOf(card, 2);
  expect(records).toHaveLength(2);
  expect(records[0]).toMatch(new RegExp(`^TXT _nimbus\\.${name}\\.test nimbus-domain-verify=\\S+$`));
  expect(records[1]).toBe(`A ${apex} ${EDGE_IP}`);
  const proof = records[0]!.split(' ')[2]!;
  await expect(card.getByRole('region', { name: `What Nimbus sees for ${apex}` })).toContainText('none');
  expect((await through(page, apex)).status).toBe(404);

  // The TXT record alone proves the team owns it, but nothing points the name at Nimbus yet.
  await dns.set({ txt: { [`_nimbus.${apex}`]: [proof] } });
  await card.getByRole('button', { name: `Refresh ${apex}` }).click();
  await expect(card.getByRole('status')).toHaveText('Invalid Configuration');
  expect(await recordsOf(card)).toEqual([`A ${apex} ${EDGE_IP}`]);

  await field.fill(www);
  await form.getByRole('button', { name: 'Save' }).click();
  const wwwCard = page.getByRole('region', { name: www, exact: true });
  await expect(wwwCard).toBeVisible();

  await dns.set({ txt: { [`_nimbus.${apex}`]: [proof] }, hosts: { [apex]: [EDGE_IP], [www]: [EDGE_IP] } });
  await card.getByRole('button', { name: `Refresh ${apex}` }).click();
  await expect(card.getByRole('status')).toHaveText(/Valid Configuration/);
  await expect(card.getByRole('table')).toHaveCount(0);
  await expect(card.getByRole('region', { name: `What Nimbus sees for ${apex}` })).toContainText(EDGE_IP);
  await wwwCard.getByRole('button', { name: `Refresh ${www}` }).click();
  await expect(wwwCard.getByRole('status')).toHaveText(/Valid Configuration/);

  expect(await through(page, apex)).toMatchObject({ status: 200, body: `hello from ${name}` });
  expect(await through(page, www)).toMatchObject({ status: 200, body: `hello from ${name}` });

  // www → apex with a permanent redirect.
  await wwwCard.getByRole('button', { name: `Edit ${www}` }).click();
  const dialog = page.getByRole('dialog', { name: `Edit ${www}` });
  await dialog.getByLabel('Redirect to').selectOption(apex);
  await dialog.getByLabel('Status code').selectOption('308');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(wwwCard).toContainText(`Redirects to ${apex} with 308.`);
  const redirected = await through(page, www);
  expect(redirected.status).toBe(308);
  expect(redirected.location).toMatch(new RegExp(`^http://${apex.replace(/\./g, '\\.')}(:\\d+)?/$`));

  // The production card lists the domains beside the production host.
  await tabs.getByRole('link', { name: 'Project', exact: true }).click();
  const production = page.getByRole('region', { name: 'Production deployment' });
  await expect(production.getByRole('link', { name: apex, exact: true })).toHaveAttribute('href', `http://${apex}`);
  await expect(production.getByRole('link', { name: www, exact: true })).toBeVisible();

  // The team's settings: the apex, verified, and the project each name serves.
  await page.goto(`/${slug}/~/settings/domains`);
  const teamDomains = page.getByRole('list', { name: 'Team domains' });
  await expect(teamDomains.getByText('Verified', { exact: true })).toBeVisible();
  const names = page.getByRole('list', { name: `Names under ${apex}` });
  await expect(names.getByRole('listitem')).toHaveCount(2);
  await expect(names.getByRole('link', { name }).first()).toBeVisible();

  // Removing www from the project: it is no longer served; the apex still is.
  await page.goto(`/${slug}/${name}/domains`);
  await wwwCard.getByRole('button', { name: `Remove ${www}` }).click();
  await page.getByRole('dialog', { name: 'Remove domain' }).getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText(`Removed ${www}.`)).toBeVisible();
  await expect(wwwCard).toHaveCount(0);
  await expect.poll(async () => (await through(page, www)).status).toBe(404);
  expect((await through(page, apex)).status).toBe(200);
});
