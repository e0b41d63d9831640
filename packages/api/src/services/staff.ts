// The staff console (/admin, docs/architecture.md "Staff console"): every user, team and deployment,
// whichever team they belong to, for members of the staff team only (requireStaff). Reads go straight
// to queries/staff.ts; the one change, a team's plan, goes through the billing service and is audited
// in that team's log with `byStaff: true`.
import type { z } from '@hono/zod-openapi';
import * as db from '@nimbus/db';
import { fullHost } from '../deployment-json';
import type { StaffDeploymentQuery, StaffListQuery } from '../schemas/staff';
import { requireStaff } from './admin';
import { audit } from './audit';
import { applyPlanChange } from './billing';
import type { ServiceContext } from './context';

type ListQuery = z.infer<typeof StaffListQuery>;

/** Rows fetched one past the limit become a page and the offset of the next one. */
function paged<T>(rows: T[], q: { limit: number; offset: number }) {
  const more = rows.length > q.limit;
  return { rows: rows.slice(0, q.limit), pagination: { offset: q.offset, next: more ? q.offset + q.limit : null } };
}

const ms = (date: Date | null) => (date ? date.getTime() : null);
const pageOf = (q: ListQuery) => ({ search: q.q?.trim() || undefined, limit: q.limit, offset: q.offset });

function deploymentRow(ctx: ServiceContext, d: Awaited<ReturnType<typeof db.staffListDeployments>>[number]) {
  return {
    id: d.id,
    url: fullHost(d.host, ctx.options),
    name: d.name,
    state: d.state,
    target: d.target,
    createdAt: d.createdAt.getTime(),
    team: { id: d.teamId, slug: d.teamSlug },
    errorMessage: d.errorMessage,
  };
}

export async function users(ctx: ServiceContext, q: ListQuery) {
  await requireStaff(ctx, 'list users');
  const { rows, pagination } = paged(await db.staffListUsers(ctx.db, pageOf(q)), q);
  return { users: rows.map((u) => ({ ...u, createdAt: u.createdAt.getTime() })), pagination };
}

export async function user(ctx: ServiceContext, id: string) {
  await requireStaff(ctx, 'open users');
  const found = await db.staffUser(ctx.db, id);
  if (!found) throw db.notFound('The user');
  const { user: u } = found;
  return {
    user: {
      id: u.id,
      email: u.email,
      username: u.username,
      name: u.name,
      createdAt: u.createdAt.getTime(),
      twoFactor: u.totpEnabledAt !== null,
      sessions: found.sessions,
    },
    teams: found.teams,
    projects: found.projects.map((p) => ({ ...p, createdAt: p.createdAt.getTime() })),
    deployments: found.deployments.map((d) => deploymentRow(ctx, d)),
    audit: found.audit.map((e) => ({
      id: e.id,
      teamId: e.teamId,
      action: e.action,
      target: e.targetName ?? e.targetId,
      createdAt: e.createdAt.getTime(),
    })),
  };
}

export async function teams(ctx: ServiceContext, q: ListQuery) {
  await requireStaff(ctx, 'list teams');
  const { rows, pagination } = paged(await db.staffListTeams(ctx.db, pageOf(q)), q);
  return { teams: rows.map((t) => ({ ...t, createdAt: t.createdAt.getTime() })), pagination };
}

export async function team(ctx: ServiceContext, idOrSlug: string) {
  await requireStaff(ctx, 'open teams');
  const found = await db.staffTeam(ctx.db, idOrSlug);
  if (!found) throw db.notFound('The team');
  const t = found.team;
  return {
    team: {
      id: t.id,
      slug: t.slug,
      name: t.name,
      personal: t.personal,
      plan: t.plan,
      billingStatus: t.billingStatus,
      createdAt: t.createdAt.getTime(),
      trialEnd: ms(t.trialEnd),
      frozenTime: ms(t.frozenAt),
      limitedBy: t.limitedBy,
    },
    members: found.members,
    projects: found.projects.map((p) => ({ ...p, teamId: t.id, createdAt: p.createdAt.getTime() })),
  };
}

/** Moves any team to another plan, as its billing owner would (same trial rules), noted in its audit log. */
export async function changeTeamPlan(ctx: ServiceContext, idOrSlug: string, plan: string) {
  await requireStaff(ctx, 'change plans');
  const found = await db.staffTeam(ctx.db, idOrSlug);
  if (!found) throw db.notFound('The team');
  await applyPlanChange(ctx, found.team, plan, { byStaff: true });
  return team(ctx, found.team.id);
}

/**
 * Freezes or unfreezes an account: a frozen team's deployments serve a notice instead of their files
 * (every edge drops the team's hosts at once), and `billing.frozenTime` says since when.
 */
export async function freezeTeam(ctx: ServiceContext, idOrSlug: string, frozen: boolean) {
  await requireStaff(ctx, 'freeze accounts');
  const found = await db.staffTeam(ctx.db, idOrSlug);
  if (!found) throw db.notFound('The team');
  await db.setFrozen(ctx.db, found.team.id, frozen ? new Date() : null);
  ctx.options.engine?.events.emit('alias', found.team.id);
  await audit(
    ctx,
    'team.updated',
    { type: 'team', id: found.team.id, name: found.team.slug },
    { frozen, byStaff: true },
    found.team.id,
  );
  return team(ctx, found.team.id);
}

export async function deployments(ctx: ServiceContext, q: z.infer<typeof StaffDeploymentQuery>) {
  await requireStaff(ctx, 'list deployments');
  const rows = await db.staffListDeployments(ctx.db, { ...pageOf(q), state: q.state });
  const { rows: page, pagination } = paged(rows, q);
  return { deployments: page.map((d) => deploymentRow(ctx, d)), pagination };
}

/** A deployment of any team and the first lines of its build log. */
export async function deployment(ctx: ServiceContext, id: string) {
  await requireStaff(ctx, 'open deployments');
  const found = await db.staffDeployment(ctx.db, id);
  if (!found) throw db.notFound('The deployment');
  const logs = await db.logsAfter(ctx.db, id, 0, 2000);
  return {
    deployment: deploymentRow(ctx, found),
    logs: logs.map((l) => ({ id: l.id, type: l.type, text: l.text, createdAt: l.createdAt.getTime() })),
  };
}

/** The docs search's busiest queries with their clicks and conversions (services/insights.ts records them). */
export async function searchQueries(ctx: ServiceContext, q: { limit: number; offset: number }) {
  await requireStaff(ctx, 'read search analytics');
  const { rows, pagination } = paged(await db.searchQueryTotals(ctx.db, q), q);
  return {
    queries: rows.map(({ queryId, ...r }) => ({ ...r, queryID: queryId ?? '', lastAt: r.lastAt.getTime() })),
    pagination,
  };
}

/** The topics recorded on the internal event stream, for the console's topic picker. */
export async function streamTopics(ctx: ServiceContext) {
  await requireStaff(ctx, 'read the event stream');
  return { topics: await db.activityTopics(ctx.db) };
}
