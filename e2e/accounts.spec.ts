// Sign-up, login with `next`, logout and the session flag (issue #2, docs/spec.md §2 and §8).
import { expect } from '@playwright/test';
import { cookie, logIn, logOut, newContext, PASSWORD, signUp, test, uniqueEmail, usernameOf } from './helpers';

test('signs up with a name, lands on the personal account, logs out and back in', async ({ page, context }) => {
  const { email, slug } = await signUp(page, { name: 'Ada Lovelace' });
  await expect(page).toHaveURL(`/${slug}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeVisible();
  await expect(page.getByRole('main').getByText('Hobby')).toBeVisible();
  expect((await cookie(context, 'isLoggedIn'))?.value).toBe('1');
  expect((await cookie(context, 'scope'))?.value).toBe(slug);

  await logOut(page);
  expect(await cookie(context, 'isLoggedIn')).toBeUndefined();

  await logIn(page, email, 'not the password');
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('The e-mail or password is not correct.');
  await logIn(page, email);
  await expect(page).toHaveURL(`/${slug}`);
});

test('the personal account lives at <username>-projects, and the old /<username> URLs redirect there', async ({
  page,
}) => {
  const { username, slug } = await signUp(page);
  expect(slug).toBe(`${username}-projects`);
  await page.goto(`/${username}/~/settings/members?x=1`);
  await expect(page).toHaveURL(`/${slug}/~/settings/members?x=1`);
  await page.goto(`/${username}`);
  await expect(page).toHaveURL(`/${slug}`);
});

test('shows the API message when the e-mail is taken or the password too short', async ({ page }) => {
  const { email } = await signUp(page);
  await logOut(page);
  await page.goto('/signup');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(
    'An account with this e-mail already exists. Log in instead.',
  );
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('Use a password of at least 8 characters.');
});

test('returns to the exact protected URL, query and hash included, after logging in', async ({ page, browser }) => {
  const setup = await newContext(browser);
  const { email, slug } = await signUp(await setup.newPage());
  await setup.close();

  const target = `/${slug}/~/settings?tab=general&x=%2F#team-url`;
  await page.goto(target);
  await expect(page).toHaveURL(`/login?next=${encodeURIComponent(target)}`);
  await logIn(page, email);
  await page.waitForURL((url) => url.pathname !== '/login');
  expect(page.url()).toBe(new URL(target, page.url()).href);
  await expect(page.getByRole('heading', { name: 'Team URL' })).toBeVisible();
});

test('ignores a `next` that leaves the site and opens the default team instead', async ({ page, browser }) => {
  const setup = await newContext(browser);
  const { email, slug } = await signUp(await setup.newPage());
  await setup.close();

  await page.goto(`/login?next=${encodeURIComponent('//evil.example/steal')}`);
  await logIn(page, email);
  await expect(page).toHaveURL(`/${slug}`);
});

test('keeps `next` when switching from login to sign-up', async ({ page }) => {
  const email = uniqueEmail('switch');
  await page.goto('/account/tokens');
  await expect(page).toHaveURL(`/login?next=${encodeURIComponent('/account/tokens')}`);
  await page.getByRole('link', { name: 'Sign up' }).click();
  // The login form has the same fields: wait for the sign-up page before typing.
  await expect(page.getByRole('heading', { name: 'Create your Nimbus account' })).toBeVisible();
  await expect(page).toHaveURL(`/signup?next=${encodeURIComponent('/account/tokens')}`);
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL('/account/tokens');
  await expect(page.getByRole('heading', { name: 'Create token' })).toBeVisible();
  expect(usernameOf(email)).toContain('switch');
});

test('removes the isLoggedIn flag once the session is gone', async ({ page, context, playwright, baseURL }) => {
  const { slug } = await signUp(page);
  // Let this page's own session check finish first, so only the reload below sees the ended session.
  await page.waitForLoadState('networkidle');
  const session = await cookie(context, 'nimbus_session');
  // End the session from elsewhere, so this browser still holds both cookies.
  const other = await playwright.request.newContext({ baseURL });
  const res = await other.post('/api/auth/logout', {
    headers: { cookie: `nimbus_session=${session!.value}`, origin: baseURL! },
  });
  expect(res.status()).toBe(200);
  await other.dispose();
  expect((await cookie(context, 'isLoggedIn'))?.value).toBe('1');

  await page.goto(`/${slug}`);
  await expect(page).toHaveURL(`/login?next=${encodeURIComponent(`/${slug}`)}`);
  expect(await cookie(context, 'isLoggedIn')).toBeUndefined();
});
