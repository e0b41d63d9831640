// Sign-up on a server that sends mail (SMTP_URL): the form asks to check the inbox, the mailed link
// opens /signup/confirm, and one press there makes the account and lands in the dashboard. A
// registered address gets the same words on screen. A second Nimbus, started here with SMTP_URL
// pointing at an SMTP server this spec runs, on the same built web app.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from '@playwright/test';
import { SMTPServer } from 'smtp-server';
import { fillSignup, personalSlugOf, test, uniqueEmail } from './helpers';

const port = Number(process.env.E2E_PORT ?? 3210) + 51;
const origin = `http://localhost:${port}`;
const mails: { to: string; text: string }[] = [];
let smtp: SMTPServer;
let server: ChildProcess;
let dataDir: string;

/** The mail's text with quoted-printable undone (soft line breaks, `=3D`). */
const unquote = (body: string) =>
  body
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

async function mailTo(email: string, count = 1) {
  await expect.poll(() => mails.filter((m) => m.to === email).length).toBeGreaterThanOrEqual(count);
  return mails.filter((m) => m.to === email).at(-1)!.text;
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let body = '';
      stream.on('data', (chunk: Buffer) => (body += chunk.toString()));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), text: unquote(body) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as { port: number }).port;
  dataDir = await mkdtemp(path.join(tmpdir(), 'nimbus-e2e-signup-mail-'));
  server = spawn(process.execPath, ['scripts/start.mjs'], {
    env: {
      ...process.env,
      PORT: String(port),
      NIMBUS_DATA_DIR: dataDir,
      NIMBUS_PUBLIC_URL: origin,
      NIMBUS_ENV: 'development',
      NIMBUS_TRUST_PROXY: '1',
      NIMBUS_SIGNUP_LIMIT: '1000',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      DATABASE_URL: '',
    },
    stdio: 'ignore',
  });
  for (let i = 0; ; i++) {
    const up = await fetch(`${origin}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (i > 400) throw new Error(`the Nimbus with mail did not start on port ${port}`);
    await new Promise((r) => setTimeout(r, 500));
  }
});

test.afterAll(async () => {
  server?.kill('SIGTERM');
  await new Promise((r) => server?.once('exit', r));
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await rm(dataDir, { recursive: true, force: true });
});

test('signs up through the mailed link and lands in the dashboard', async ({ page }) => {
  const email = uniqueEmail('confirmed');
  await page.goto(`${origin}/signup`);
  await fillSignup(page, email, 'Confirmed Person');
  const pending = page.getByRole('note');
  await expect(pending).toContainText('Check your e-mail');
  await expect(pending).toContainText(`Check ${email}: we sent a link to finish signing up.`);
  await expect(page).toHaveURL(`${origin}/signup`);

  const link = (await mailTo(email)).match(/http:\/\/\S+\/signup\/confirm\?token=\S+/)![0];
  expect(link.startsWith(`${origin}/signup/confirm?token=`)).toBe(true);
  await page.goto(link);
  await page.getByRole('button', { name: 'Create my account' }).click();
  await page.waitForURL(`${origin}/${personalSlugOf(email)}`);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();

  // The link worked once: opened again, it says so.
  await page.context().clearCookies();
  await page.goto(link);
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page.getByText('This sign-up link has expired or was already used.')).toBeVisible();

  // The address now has an account: signing up with it shows the same words, and its owner is told.
  await page.goto(`${origin}/signup`);
  await fillSignup(page, email);
  await expect(page.getByRole('note')).toContainText(`Check ${email}: we sent a link to finish signing up.`);
  expect(await mailTo(email, 2)).toContain('Someone tried to create a Nimbus account with this e-mail address');
});
