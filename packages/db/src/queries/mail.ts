// Mail to one person about their account (password reset, a sign-up with their address). Like
// invitations it waits in the outbox; these rows belong to no team, so only Nimbus staff can read
// them there when no SMTP server is configured (services/admin.ts).
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../client';
import { newId } from '../ids';
import { outbox } from '../schema';

export async function queueAccountMail(
  db: Db,
  mail: { to: string; subject: string; text: string; link?: string | null },
): Promise<string> {
  const id = newId('mail');
  await db.insert(outbox).values({ id, teamId: null, ...mail, link: mail.link ?? null });
  return id;
}

/** Account mail, newest first; `to` narrows it to one address. */
export async function listAccountMail(db: Db, to?: string) {
  const account = isNull(outbox.teamId);
  const where = to ? and(account, eq(outbox.to, to.trim().toLowerCase())) : account;
  return db.select().from(outbox).where(where).orderBy(desc(outbox.createdAt)).limit(100);
}

/** Mail about a team (invoices, budget alerts); it waits in the team's outbox until SMTP delivers it. */
export async function queueTeamMail(
  db: Db,
  teamId: string,
  mail: { to: string; subject: string; text: string; link?: string | null },
): Promise<string> {
  const id = newId('mail');
  await db.insert(outbox).values({ id, teamId, ...mail, link: mail.link ?? null });
  return id;
}
