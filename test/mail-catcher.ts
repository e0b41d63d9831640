// A real SMTP server on loopback that keeps every mail it receives, for tests of servers that send
// mail (SMTP_URL): the API's mail tests and the journeys that read a mailed link. Bodies are kept
// with quoted-printable undone (soft line breaks, `=3D`), so links read whole.
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string;
  body: string;
}

export interface MailCatcher {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  /** Every mail so far, oldest first. */
  mails: CaughtMail[];
  close(): Promise<void>;
}

const unquote = (body: string) =>
  body
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

export async function startMailCatcher(): Promise<MailCatcher> {
  const mails: CaughtMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let body = '';
      stream.on('data', (chunk: Buffer) => (body += chunk.toString()));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), body: unquote(body) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
