// Staff tooling behind the dashboard's internal commands (docs/spec.md): the admin record of a
// project ("Open in Admin") and the deploy-freeze debug toggle. Staff are the members of the team
// with the slug NIMBUS_STAFF_TEAM; they need not belong to the team they inspect.
import * as db from '@nimbus/db';
import { projectJson } from '../project-json';
import { outboxJson } from '../serialize';
import type { ServiceContext } from './context';

/** Refuses anyone outside the staff team; `what` finishes the sentence "Only Nimbus staff can …". */
export async function requireStaff(ctx: ServiceContext, what: string): Promise<void> {
  const { staffTeam } = ctx.options;
  if (!(await db.isStaff(ctx.db, ctx.actor.user.id, staffTeam))) {
    throw new db.DomainError('forbidden', `Only Nimbus staff (members of the team "${staffTeam}") can ${what}.`);
  }
}

/** A project of any team by id or name, with the plan of the team that owns it. */
export async function project(ctx: ServiceContext, teamId: string, idOrName: string) {
  await requireStaff(ctx, 'open projects in admin');
  const [team] = await db.teamsByIds(ctx.db, [teamId]);
  if (!team) throw db.notFound('The team');
  const found = await db.getProject(ctx.db, team.id, idOrName);
  return { ...projectJson(found), team: { id: team.id, slug: team.slug, plan: team.plan } };
}

/** Flips the deploy-freeze debug branch; the caller keeps the answer in a cookie. */
export async function toggleDeployFreeze(ctx: ServiceContext, enabledNow: boolean) {
  await requireStaff(ctx, 'toggle the deploy freeze branch');
  return { enabled: !enabledNow };
}

/** Account mail (reset links, sign-up notices) waiting in the outbox, for an operator without SMTP. */
export async function accountMail(ctx: ServiceContext, to?: string) {
  await requireStaff(ctx, 'read account mail');
  return { messages: (await db.listAccountMail(ctx.db, to)).map(outboxJson) };
}
