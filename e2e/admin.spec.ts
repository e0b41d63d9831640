// The staff console (/admin): a staff member finds a user by e-mail, opens their team and moves it to
// Pro, watches the event stream grow, and runs internal commands of the command menu from the console.
// A user outside the staff team gets the not-found page; a logged-out visitor is sent to log in.
import { expect, type Page } from '@playwright/test';
import { createTeam, newContext, signUp, test } from './helpers';
import { staffApi } from './public-helpers';

async function asStaff(page: Page, baseURL: string) {
  const api = await staffApi(baseURL);
  await page.context().addCookies((await api.storageState()).cookies);
  await api.dispose();
}

test('staff find a user, change their team plan, watch the event stream and run internal commands', async ({
  page,
  browser,
  baseURL,
}) => {
  const stamp = Date.now().toString(36);
  const customer = await newContext(browser);
  const customerPage = await customer.newPage();
  const { email } = await signUp(customerPage, { name: 'Carla Customer' });
  const teamSlug = await createTeam(customerPage, `Carla Co ${stamp}`);
  const project = await customerPage.request.post(`/api/v11/projects?slug=${teamSlug}`, {
    data: { name: `carla-site-${stamp}` },
  });
  expect(project.status(), await project.text()).toBe(200);
  const projectName = (await project.json()).name as string;
  await customer.close();

  await asStaff(page, baseURL!);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Staff console' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Staff console' });
  for (const section of [
    'Users',
    'Teams',
    'Deployments',
    'Leads',
    'Search analytics',
    'Feature flags',
    'Risk scores',
    'Event stream',
    'Deploy freeze',
    'Account mail',
  ])
    await expect(nav.getByRole('link', { name: section })).toBeVisible();

  await nav.getByRole('link', { name: 'Users' }).click();
  await page.getByRole('textbox', { name: 'Find users' }).fill(email.toUpperCase());
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/admin\/users\?q=/);
  const users = page.getByRole('table', { name: 'Users' });
  await expect(users.getByRole('row')).toHaveCount(2);
  await expect(users).toContainText(teamSlug);
  await users.getByRole('link', { name: email }).click();
  await expect(page.getByRole('heading', { level: 1, name: email })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Projects' })).toContainText(projectName);

  await page
    .getByRole('table', { name: 'Teams' })
    .getByRole('link', { name: `Carla Co ${stamp}` })
    .click();
  await expect(page).toHaveURL(`/admin/teams/${teamSlug}`);
  await expect(page.getByTestId('team-plan')).toHaveText('hobby');
  await page.getByLabel('New plan').selectOption('pro');
  await page.getByRole('button', { name: 'Change plan' }).click();
  await expect(page.getByText(`${teamSlug} is now on the pro plan.`)).toBeVisible();
  await expect(page.getByTestId('team-plan')).toHaveText('pro');

  const topic = `admin_e2e_${stamp}`;
  const beacon = (n: number) =>
    page.request.post('/api/stream/internal', {
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      data: JSON.stringify({ topic, record: { id: `${topic}-${n}`, event_time: Date.now(), action: `step ${n}` } }),
    });
  expect((await beacon(1)).status()).toBe(200);
  await page.goto(`/admin/events?topic=${topic}`);
  const events = page.getByRole('list', { name: 'Events' });
  await expect(events.getByRole('listitem')).toHaveCount(1);
  await expect(events).toContainText('step 1');
  expect((await beacon(2)).status()).toBe(200);
  await expect(events.getByRole('listitem')).toHaveCount(2);
  await expect(events.getByRole('listitem').first()).toContainText('step 2');

  await page.goto(`/admin/teams/${teamSlug}/${projectName}`);
  await expect(page.getByRole('heading', { level: 1, name: projectName })).toBeVisible();
  await page.keyboard.press('Control+K');
  const menu = page.getByRole('dialog', { name: 'Command menu' });
  const internal = menu.getByRole('group', { name: 'Internal' }).getByRole('option');
  await expect(internal).toHaveText([
    /Open in Admin/,
    /Display PPR Fallback Shell/,
    /Analyze Server Timing/,
    /Toggle Deploy Freeze Branch/,
    /Open on localhost/,
  ]);
  await page.getByRole('combobox', { name: 'Search commands' }).fill('Open in Admin');
  const opened = page.context().waitForEvent('page');
  await page.keyboard.press('Enter');
  const record = await opened;
  await expect(record).toHaveURL(/\/api\/v1\/dashboard\/projects\/prj_\w+\?teamId=team_/);
  expect(await record.textContent('body')).toContain(projectName);
  await record.close();

  await page.keyboard.press('Control+K');
  await page.getByRole('combobox', { name: 'Search commands' }).fill('Analyze Server Timing');
  await page.keyboard.press('Enter');
  await expect(page.getByText(/^Server timing: total/)).toBeVisible();

  await page.goto('/admin/deploy-freeze');
  await expect(page.getByText('Off', { exact: true })).toBeVisible();
  await page.keyboard.press('Control+K');
  await page.getByRole('combobox', { name: 'Search commands' }).fill('Deploy Freeze');
  await page.keyboard.press('Enter');
  await expect(page.getByText('On', { exact: true })).toBeVisible();
  expect((await page.context().cookies()).find((c) => c.name === 'deploy-freeze-branch')?.value).toBe('1');
});

test('the console is not found for users outside the staff team and asks logged-out visitors to log in', async ({
  page,
  browser,
}) => {
  const anonymous = await newContext(browser);
  const visitor = await anonymous.newPage();
  await visitor.goto('/admin/users');
  await visitor.waitForURL('**/login?next=%2Fadmin%2Fusers');
  await anonymous.close();

  await signUp(page);
  for (const path of ['/admin', '/admin/users', '/admin/teams/anything', '/admin/events']) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(404);
    await expect(page.getByText('Staff console')).toHaveCount(0);
  }
  expect((await page.request.get('/api/v1/admin/users')).status()).toBe(403);
});
