// Sends a queued outbox message through SMTP when SMTP_URL is set; without it the message stays in
// the outbox, where the team's owners can copy the link from.

import { type Db, schema } from '@nimbus/db';
import { eq } from 'drizzle-orm';
import type { ApiOptions } from './options';

export async function deliver(db: Db, options: ApiOptions, mailId: string): Promise<boolean> {
  if (!options.smtpUrl) return false;
  const [mail] = await db.select().from(schema.outbox).where(eq(schema.outbox.id, mailId));
  if (!mail) return false;
  const { createTransport } = await import('nodemailer');
  try {
    await createTransport(options.smtpUrl).sendMail({
      from: options.mailFrom ?? 'Nimbus <no-reply@localhost>',
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
    });
    await db.update(schema.outbox).set({ sentAt: new Date() }).where(eq(schema.outbox.id, mailId));
    return true;
  } catch (err) {
    // The invitation stays valid and its link stays in the outbox; only the delivery failed.
    console.error('[mail] delivery failed:', (err as Error).message);
    return false;
  }
}
