// Team members and invitations. The last owner of a team can be neither demoted, removed nor leave.

import { PLANS, ROLES, type Role } from '@nimbus/core';
import { and, count, eq, gt, isNull, like } from 'drizzle-orm';
import type { Db } from '../client';
import { DomainError, notFound } from '../errors';
import { newId, randomString, sha256 } from '../ids';
import { invitations, memberships, outbox, teams, users } from '../schema';
import { normalizeEmail, validateEmail } from './accounts';
import { countOwners } from './teams';

const INVITE_DAYS = 7;

export async function listMembers(db: Db, teamId: string) {
  return db
    .select({
      uid: users.id,
      email: users.email,
      username: users.username,
      name: users.name,
      role: memberships.role,
      createdAt: memberships.createdAt,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.teamId, teamId))
    .orderBy(memberships.createdAt);
}

export function checkRole(role: string): Role {
  if (!(ROLES as readonly string[]).includes(role)) {
    throw new DomainError('bad_request', `Role must be one of ${ROLES.join(', ')}.`);
  }
  return role as Role;
}

/** Invitations of the team not yet accepted nor expired. */
const pendingIn = (teamId: string) =>
  and(eq(invitations.teamId, teamId), isNull(invitations.acceptedAt), gt(invitations.expiresAt, new Date()));

export async function listInvitations(db: Db, teamId: string) {
  return db
    .select({
      id: invitations.id,
      email: invitations.email,
      role: invitations.role,
      tokenHash: invitations.tokenHash,
      createdAt: invitations.createdAt,
      expiresAt: invitations.expiresAt,
    })
    .from(invitations)
    .where(pendingIn(teamId))
    .orderBy(invitations.createdAt);
}

/**
 * The team's invitation mail by the hash of the secret in its link, so a pending invitation's link
 * can be copied again and resent: the invitation keeps only the hash, the outbox keeps the mail.
 */
export async function invitationMailByHash(db: Db, teamId: string) {
  const rows = await db
    .select({ id: outbox.id, link: outbox.link, sentAt: outbox.sentAt })
    .from(outbox)
    .where(and(eq(outbox.teamId, teamId), like(outbox.link, '%/invite/%')))
    .orderBy(outbox.createdAt);
  return new Map(rows.map((mail) => [sha256(mail.link!.split('/invite/').pop()!), mail]));
}

/** Gives a pending invitation another INVITE_DAYS and returns its mail to send again. */
export async function renewInvitation(db: Db, teamId: string, id: string) {
  const [invitation] = await db
    .select()
    .from(invitations)
    .where(and(eq(invitations.id, id), pendingIn(teamId)));
  const mail = invitation && (await invitationMailByHash(db, teamId)).get(invitation.tokenHash);
  if (!invitation || !mail) throw notFound('The invitation');
  const [renewed] = await db
    .update(invitations)
    .set({ expiresAt: new Date(Date.now() + INVITE_DAYS * 86_400_000) })
    .where(eq(invitations.id, id))
    .returning();
  return { invitation: renewed!, link: mail.link!, mailId: mail.id };
}

/** Creates an invitation and its e-mail; returns the secret accept link path, shown only here. */
export async function inviteMember(
  db: Db,
  input: { teamId: string; email: string; role: string; invitedBy: string; baseUrl: string },
) {
  const email = normalizeEmail(input.email);
  validateEmail(email);
  const role = checkRole(input.role);
  const [member] = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.teamId, input.teamId)))
    .where(eq(users.email, email));
  if (member) throw new DomainError('conflict', `${email} is already a member of this team.`);
  const [team] = await db.select().from(teams).where(eq(teams.id, input.teamId));
  if (!team) throw notFound('The team');
  if (team.personal)
    throw new DomainError('forbidden', 'Personal accounts have no members. Create a team to invite people.');
  await checkMemberLimit(db, team, { pending: true });

  const secret = randomString(32);
  const link = `${input.baseUrl}/invite/${secret}`;
  return db.transaction(async (tx) => {
    const [invitation] = await tx
      .insert(invitations)
      .values({
        id: newId('inv'),
        teamId: input.teamId,
        email,
        role,
        tokenHash: sha256(secret),
        invitedBy: input.invitedBy,
        expiresAt: new Date(Date.now() + INVITE_DAYS * 86_400_000),
      })
      .returning();
    const [mail] = await tx
      .insert(outbox)
      .values({
        id: newId('mail'),
        teamId: input.teamId,
        to: email,
        subject: `Join ${team.name ?? team.slug} on Nimbus`,
        text: `You have been invited to join ${team.name ?? team.slug} on Nimbus as ${role}.\n\nAccept: ${link}\n\nThe link expires in ${INVITE_DAYS} days.`,
        link,
      })
      .returning();
    return { invitation: invitation!, link, mailId: mail!.id };
  });
}

/**
 * Refuses one more member past the team's plan limit (docs/spec.md: Hobby is one member). An
 * invitation holds a seat while it is pending, so `pending` counts them too when inviting.
 */
async function checkMemberLimit(db: Db, team: typeof teams.$inferSelect, { pending }: { pending: boolean }) {
  const plan = PLANS[team.plan];
  const limit = plan.limits.teamMembers;
  if (limit === Infinity) return;
  const [members] = await db.select({ n: count() }).from(memberships).where(eq(memberships.teamId, team.id));
  const [invited] = pending ? await db.select({ n: count() }).from(invitations).where(pendingIn(team.id)) : [{ n: 0 }];
  if ((members?.n ?? 0) + (invited?.n ?? 0) < limit) return;
  const seats = limit === 1 ? '1 member' : `${limit} members`;
  throw new DomainError(
    'plan_limit',
    `The ${plan.name} plan allows ${seats}. Upgrade ${team.name ?? team.slug} to Pro in Settings → Billing to add more.`,
    { limit, plan: plan.id },
  );
}

export async function findInvitation(db: Db, secret: string) {
  const [row] = await db
    .select({ invitation: invitations, team: teams })
    .from(invitations)
    .innerJoin(teams, eq(teams.id, invitations.teamId))
    .where(
      and(
        eq(invitations.tokenHash, sha256(secret)),
        isNull(invitations.acceptedAt),
        gt(invitations.expiresAt, new Date()),
      ),
    );
  if (!row)
    throw new DomainError(
      'invitation_invalid',
      'This invitation link is invalid, expired or already used. Ask for a new one.',
    );
  return row;
}

export async function acceptInvitation(db: Db, userId: string, secret: string) {
  const { invitation, team } = await findInvitation(db, secret);
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound('The user');
  if (user.email !== invitation.email) {
    throw new DomainError(
      'forbidden',
      `This invitation is for ${invitation.email}. Log in with that e-mail to accept it.`,
    );
  }
  await checkMemberLimit(db, team, { pending: false });
  await db.transaction(async (tx) => {
    await tx.insert(memberships).values({ teamId: team.id, userId, role: invitation.role }).onConflictDoNothing();
    await tx.update(invitations).set({ acceptedAt: new Date() }).where(eq(invitations.id, invitation.id));
  });
  return { team, role: invitation.role };
}

export async function revokeInvitation(db: Db, teamId: string, id: string): Promise<void> {
  const deleted = await db
    .delete(invitations)
    .where(and(eq(invitations.id, id), eq(invitations.teamId, teamId)))
    .returning();
  if (!deleted.length) throw notFound('The invitation');
}

async function membershipOf(db: Db, teamId: string, userId: string) {
  const [m] = await db
    .select()
    .from(memberships)
    .where(and(eq(memberships.teamId, teamId), eq(memberships.userId, userId)));
  if (!m) throw notFound('The member');
  return m;
}

export async function changeRole(db: Db, teamId: string, userId: string, roleInput: string) {
  const role = checkRole(roleInput);
  const m = await membershipOf(db, teamId, userId);
  if (m.role === 'OWNER' && role !== 'OWNER' && (await countOwners(db, teamId)) <= 1) {
    throw new DomainError('last_owner', 'A team needs at least one owner. Make another member an owner first.');
  }
  await db
    .update(memberships)
    .set({ role })
    .where(and(eq(memberships.teamId, teamId), eq(memberships.userId, userId)));
  return { ...m, role, previousRole: m.role };
}

export async function removeMember(db: Db, teamId: string, userId: string): Promise<void> {
  const m = await membershipOf(db, teamId, userId);
  const [team] = await db.select().from(teams).where(eq(teams.id, teamId));
  if (team?.personal) throw new DomainError('forbidden', 'You cannot leave your personal account.');
  if (m.role === 'OWNER' && (await countOwners(db, teamId)) <= 1) {
    throw new DomainError(
      'last_owner',
      'The last owner cannot leave. Make another member an owner, or delete the team.',
    );
  }
  await db.transaction(async (tx) => {
    await tx.delete(memberships).where(and(eq(memberships.teamId, teamId), eq(memberships.userId, userId)));
    const [user] = await tx.select().from(users).where(eq(users.id, userId));
    if (user?.defaultTeamId === teamId) {
      const [personal] = await tx
        .select({ id: teams.id })
        .from(teams)
        .innerJoin(memberships, eq(memberships.teamId, teams.id))
        .where(and(eq(memberships.userId, userId), eq(teams.personal, true)));
      await tx
        .update(users)
        .set({ defaultTeamId: personal?.id ?? null })
        .where(eq(users.id, userId));
    }
  });
}

export async function listOutbox(db: Db, teamId: string) {
  return db.select().from(outbox).where(eq(outbox.teamId, teamId)).orderBy(outbox.createdAt);
}
