// Account journeys: upload an avatar (and see a non-image refused), then delete the account,
// handing a shared team over to its other member.
import { expect } from '@playwright/test';
import sharp from 'sharp';
import { teamWithMember } from './dashboard-helpers';
import { test } from './helpers';

test('uploads an avatar and refuses a file that is not an image', async ({ page, browser }) => {
  const { team, member } = await teamWithMember(page, browser, 'MEMBER');
  await page.goto('/account');
  const image = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#3366ff' } })
    .png()
    .toBuffer();
  await page.getByLabel('Avatar image').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: image });
  await expect(page.getByText('Your avatar was saved.')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Your avatar' })).toHaveAttribute(
    'src',
    /\/api\/www\/avatar\/[0-9a-f]{40}$/,
  );
  const src = await page.getByRole('img', { name: 'Your avatar' }).getAttribute('src');
  const served = await page.request.get(src!);
  expect(served.headers()['content-type']).toBe('image/webp');

  await page
    .getByLabel('Avatar image')
    .setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') });
  await expect(page.getByText(/not an image Nimbus can read/)).toBeVisible();

  // Delete the account, handing the team over to its member.
  const username = await page.getByRole('textbox', { name: 'Username' }).inputValue();
  await page.getByLabel(`Who takes over ${team}`).selectOption({ index: 1 });
  await page.locator('#delete-account').getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox').fill(username);
  await dialog.getByRole('button', { name: 'Delete account' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.goto('/account');
  await expect(page).toHaveURL(/\/login/);

  await member.goto(`/${team}/~/settings`);
  await expect(member.getByRole('button', { name: 'Delete team' })).toBeVisible();
});
