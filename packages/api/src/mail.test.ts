// Invitation mail through a real SMTP server (smtp-server on loopback) when SMTP_URL is set.
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApi } from './testing';

const received: { to: string; body: string }[] = [];
let smtp: SMTPServer;
let port: number;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let body = '';
      stream.on('data', (chunk: Buffer) => (body += chunk.toString()));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), body });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  port = (smtp.server.address() as { port: number }).port;
});
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

it('sends the invitation e-mail with the accept link and marks it sent', async () => {
  const t = await createTestApi({ smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'Nimbus <team@nimbus.test>' });
  try {
    const owner = await t.signup('mailer@example.com');
    const team = await t.proTeam(owner.token, 'Mail Co');
    const invite = await t.call('POST', `/v1/teams/${team.json.id}/members`, {
      token: owner.token,
      body: { email: 'friend@example.com', role: 'MEMBER' },
    });
    expect(invite.json.delivered).toBe(true);
    // The owner's own sign-up link came first (a server with mail confirms addresses).
    expect(received.map((m) => m.to)).toEqual(['mailer@example.com', 'friend@example.com']);
    expect(received[1]!.body.replace(/=\r\n/g, '')).toContain(invite.json.link);
    const outbox = await t.call('GET', `/v1/teams/${team.json.id}/outbox`, { token: owner.token });
    expect(outbox.json.messages[0].sentAt).toEqual(expect.any(Number));
  } finally {
    await t.close();
  }
});
