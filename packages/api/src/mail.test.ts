// Invitation mail through a real SMTP server (smtp-server on loopback) when SMTP_URL is set.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type MailCatcher, startMailCatcher } from '../../../test/mail-catcher';
import { createTestApi } from './testing';

let smtp: MailCatcher;

beforeAll(async () => {
  smtp = await startMailCatcher();
});
afterAll(() => smtp.close());

it('sends the invitation e-mail with the accept link and marks it sent', async () => {
  const t = await createTestApi({ smtpUrl: smtp.url, mailFrom: 'Nimbus <team@nimbus.test>' });
  try {
    const owner = await t.signup('mailer@example.com');
    const team = await t.proTeam(owner.token, 'Mail Co');
    const invite = await t.call('POST', `/v1/teams/${team.json.id}/members`, {
      token: owner.token,
      body: { email: 'friend@example.com', role: 'MEMBER' },
    });
    expect(invite.json.delivered).toBe(true);
    // The owner's own sign-up link came first (a server with mail confirms addresses).
    expect(smtp.mails.map((m) => m.to)).toEqual(['mailer@example.com', 'friend@example.com']);
    expect(smtp.mails[1]!.body.replace(/=\r\n/g, '')).toContain(invite.json.link);
    const outbox = await t.call('GET', `/v1/teams/${team.json.id}/outbox`, { token: owner.token });
    expect(outbox.json.messages[0].sentAt).toEqual(expect.any(Number));
  } finally {
    await t.close();
  }
});
