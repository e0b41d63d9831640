// Schemas of the staff console's API (routes/staff.ts): every user, team and deployment as staff see
// them, paged by offset (`next` is the offset of the following page, null on the last).
import { z } from '@hono/zod-openapi';
import { DEPLOYMENT_STATES } from '@nimbus/core';
import { key } from './common';

export const STAFF_PAGE_SIZE = 25;

export const StaffListQuery = z.object({
  q: key().optional().describe('Find by e-mail, name, slug, id or URL (case-insensitive, part of it is enough).'),
  limit: z.coerce.number().int().min(1).max(100).default(STAFF_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

export const StaffDeploymentQuery = StaffListQuery.extend({
  state: z.enum(DEPLOYMENT_STATES).optional().describe('Only deployments in this state.'),
});

export const StaffPagination = z.object({ offset: z.number(), next: z.number().nullable() }).openapi('StaffPagination');

const Plan = z.enum(['hobby', 'pro', 'enterprise']);
const Role = z.enum(['OWNER', 'MEMBER', 'DEVELOPER', 'BILLING', 'VIEWER']);

export const StaffUserRow = z
  .object({
    id: z.string(),
    email: z.string(),
    username: z.string(),
    name: z.string().nullable(),
    createdAt: z.number(),
    twoFactor: z.boolean(),
    teams: z.array(z.string()).describe('The slugs of their teams.'),
    sessions: z.number().describe('Sessions that have not expired.'),
  })
  .openapi('StaffUserRow');

export const StaffTeamRow = z
  .object({
    id: z.string(),
    slug: z.string(),
    name: z.string().nullable(),
    personal: z.boolean(),
    plan: Plan,
    billingStatus: z.enum(['active', 'trialing']),
    createdAt: z.number(),
    members: z.number(),
    projects: z.number(),
  })
  .openapi('StaffTeamRow');

export const StaffDeploymentRow = z
  .object({
    id: z.string(),
    url: z.string(),
    name: z.string(),
    state: z.string(),
    target: z.string().nullable(),
    createdAt: z.number(),
    team: z.object({ id: z.string(), slug: z.string() }),
    errorMessage: z.string().nullable(),
  })
  .openapi('StaffDeploymentRow');

const StaffProject = z.object({ id: z.string(), name: z.string(), teamId: z.string(), createdAt: z.number() });

export const StaffUserDetail = z
  .object({
    user: StaffUserRow.omit({ teams: true }),
    teams: z.array(z.object({ id: z.string(), slug: z.string(), name: z.string().nullable(), plan: Plan, role: Role })),
    projects: z.array(StaffProject),
    deployments: z.array(StaffDeploymentRow),
    audit: z.array(
      z.object({
        id: z.string(),
        teamId: z.string(),
        action: z.string(),
        target: z.string(),
        createdAt: z.number(),
      }),
    ),
  })
  .openapi('StaffUserDetail');

export const StaffTeamDetail = z
  .object({
    team: StaffTeamRow.omit({ members: true, projects: true }).extend({
      trialEnd: z.number().nullable(),
      frozenTime: z.number().nullable().describe('When staff froze the account; null when it is not frozen.'),
      limitedBy: z.array(z.string()),
    }),
    members: z.array(z.object({ id: z.string(), email: z.string(), username: z.string(), role: Role })),
    projects: z.array(StaffProject),
  })
  .openapi('StaffTeamDetail');

export const StaffPlanChange = z
  .object({
    plan: z.enum(['hobby', 'pro']).describe('The plan to move the team to (enterprise is arranged by sales).'),
  })
  .openapi('StaffPlanChange');

export const StaffFreeze = z
  .object({ frozen: z.boolean().describe('Freeze (true) or unfreeze (false) the account.') })
  .openapi('StaffFreeze');

export const SearchQueryTotal = z
  .object({
    queryID: z.string(),
    index: z.string(),
    events: z.number(),
    clicks: z.number(),
    conversions: z.number(),
    lastAt: z.number(),
  })
  .openapi('SearchQueryTotal');

export const LogLine = z.object({ id: z.number(), type: z.string(), text: z.string(), createdAt: z.number() });
