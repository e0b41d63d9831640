// Shared steps of the dashboard journeys (projects and deployments): sites written to temp folders,
// deploying them through /new by drop (a .zip built here, dropped with a DataTransfer made in the
// page) or through the folder input, waiting for a deployment to finish, and reading a deployed host
// the way a visitor does: Chromium resolves *.localhost by itself.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, expect, type Page } from '@playwright/test';
import { strToU8, zipSync } from 'fflate';
import { createProTeam, fillSignup, newContext, signUp, uniqueEmail } from './helpers';

export type Site = Record<string, string>;

let counter = 0;

/** A project name nobody has used yet, also across runs on a persistent database. */
export function uniqueName(label: string): string {
  return `${label}-${Date.now().toString(36)}-${++counter}`;
}

/** Writes `site` into a new folder named `name` and returns its path. */
export function writeSite(name: string, site: Site): string {
  const dir = path.join(mkdtempSync(path.join(tmpdir(), 'nimbus-e2e-site-')), name);
  for (const [file, content] of Object.entries(site)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), content);
  }
  return dir;
}

/** A package.json whose build script runs `script` (sh) and must leave the site in public/ (the output folder of Vercel's "Other" preset). */
export function buildSite(script: string): Site {
  return { 'package.json': JSON.stringify({ name: 'e2e-site', private: true, scripts: { build: script } }) };
}

/** Drops `folder/…` as a .zip on the /new page's drop zone, as a user dragging an archive would. */
export async function dropZip(page: Page, folder: string, site: Site) {
  const zip = zipSync(
    Object.fromEntries(Object.entries(site).map(([file, content]) => [`${folder}/${file}`, strToU8(content)])),
  );
  await page.getByRole('region', { name: 'Drop a folder or a .zip to deploy' }).evaluate(
    (zone, { bytes, name }) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(bytes)], name, { type: 'application/zip' }));
      for (const type of ['dragenter', 'dragover', 'drop'])
        zone.dispatchEvent(new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }));
    },
    { bytes: [...zip], name: `${folder}.zip` },
  );
}

/** Deploys a folder through /new with the folder input; returns the deployment page's path. */
export async function deployFolder(
  page: Page,
  team: string,
  name: string,
  site: Site,
  target: 'Preview' | 'Production' = 'Preview',
) {
  await page.goto(`/new?teamSlug=${team}`);
  await page.getByLabel('Folder to deploy').setInputFiles(writeSite(name, site));
  await expect(page.getByLabel('Project name')).toHaveValue(name);
  await page.getByLabel('Environment').selectOption(target);
  await page.getByRole('button', { name: 'Deploy', exact: true }).click();
  await page.waitForURL(new RegExp(`/${team}/${name}/dpl_`));
  return new URL(page.url()).pathname;
}

/** Waits on a deployment page until its status reads `state` (the page updates by itself). */
export async function waitForState(page: Page, state: 'Ready' | 'Error' | 'Canceled', timeout = 90_000) {
  const overview = page.getByRole('region', { name: 'Overview' });
  await expect(
    overview
      .getByRole('definition')
      .filter({ hasText: new RegExp(`^${state}`) })
      .first(),
  ).toBeVisible({ timeout });
}

/** The deployment's own URL as linked from its page (http://<host>.localhost:<port>). */
export async function deploymentUrl(page: Page): Promise<string> {
  return (await page
    .getByRole('region', { name: 'Overview' })
    .getByRole('link', { name: /\.localhost:\d+$/ })
    .first()
    .getAttribute('href'))!;
}

/** What a visitor sees at `url`, in a tab of its own. */
export async function visit(page: Page, url: string): Promise<string> {
  const tab = await page.context().newPage();
  await tab.goto(url);
  // biome-ignore lint/performance/useDomNodeTextContent: Playwright's innerText is the rendered text a user reads
  const text = (await tab.locator('body').innerText()).trim();
  await tab.close();
  return text;
}

/** An owner with a new team, and a second person who joined it through an invitation link with `role`. */
export async function teamWithMember(page: Page, browser: Browser, role: 'MEMBER' | 'VIEWER' | 'DEVELOPER') {
  await signUp(page);
  const team = await createProTeam(page, `Dash ${role} ${Date.now()}`);
  await page.goto(`/${team}/~/settings/members`);
  const email = uniqueEmail(role.toLowerCase());
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Role', { exact: true }).selectOption(role);
  await page.getByRole('button', { name: 'Invite', exact: true }).click();
  const link = await page.getByLabel('Invitation link').inputValue();
  const context = await newContext(browser);
  const member = await context.newPage();
  await member.goto(link);
  await member.getByRole('link', { name: 'Sign up' }).click();
  // The login form has the same fields: fill only once the sign-up page is there.
  await member.waitForURL(/\/signup\?next=%2Finvite%2F/);
  await expect(member.getByRole('button', { name: 'Create account' })).toBeVisible();
  await fillSignup(member, email);
  await member.getByRole('button', { name: 'Accept and join' }).click();
  await expect(member).toHaveURL(`/${team}`);
  return { team, member };
}
