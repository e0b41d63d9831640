// Request and response schemas of teams, members, invitations and plan changes.
import { z } from '@hono/zod-openapi';
import { ROLES } from '@nimbus/core';
import { BillingSchema } from './accounts';
import { key, pathParam } from './common';

const ms = z.number().describe('Milliseconds since the epoch.');
const role = z.enum(ROLES);

export const TeamSchema = z
  .object({
    id: z.string(),
    slug: z.string(),
    name: z.string().nullable(),
    avatar: z.null(),
    description: z.null(),
    personal: z.boolean().describe('The account every user gets; it cannot have other members.'),
    createdAt: ms,
    updatedAt: ms,
    created: z.string().describe('createdAt as an ISO date.'),
    creatorId: z.string(),
    stagingPrefix: z.string(),
    flags: z.record(z.string(), z.boolean()),
    mfaEnforced: z.boolean().describe('Members must use two-factor authentication to act in this team.'),
    limited: z.boolean().describe('The team used more than its plan includes this month (Hobby) and is limited.'),
    limitedBy: z
      .array(z.string())
      .describe("The usage metrics past the plan's included amounts (`edge_requests`, `build_ms` ...)."),
    productionPaused: z
      .boolean()
      .describe('Production deployments are paused: the monthly spend reached the budget (`/v1/budgets`).'),
    billing: BillingSchema,
    membership: z
      .object({
        role,
        confirmed: z.boolean(),
        accessRequestedAt: z.null(),
        created: ms,
        createdAt: ms,
        uid: z.string(),
      })
      .optional()
      .describe("The caller's membership."),
  })
  .openapi('Team');

export const TeamCreate = z
  .object({
    name: key().describe('Letters, numbers, spaces, underscore, apostrophe or dash; 1 to 256 characters.'),
    slug: key().optional().describe('URL name of the team; derived from the name when absent.'),
  })
  .openapi('TeamCreate');

export const TeamPatch = z
  .object({
    name: key().optional(),
    slug: key().optional(),
    mfaEnforced: z
      .boolean()
      .optional()
      .describe('Require two-factor authentication of every member. Owners only, and only with it on themselves.'),
  })
  .openapi('TeamPatch');

export const TeamIdParam = z.object({
  teamId: pathParam('teamId', 'Team id or slug.'),
});

export const MemberSchema = z
  .object({
    uid: z.string(),
    email: z.string(),
    username: z.string(),
    name: z.string().nullable(),
    role,
    createdAt: ms.describe('When they joined.'),
    confirmed: z.literal(true),
  })
  .openapi('TeamMember');
export type Member = z.infer<typeof MemberSchema>;

export const InvitationSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    role,
    createdAt: ms,
    expiresAt: ms,
    link: z
      .string()
      .nullable()
      .optional()
      .describe('The accept link, for those who may invite (null when its mail is gone); absent for others.'),
  })
  .openapi('Invitation');

export const InvitationPreview = z
  .object({
    email: z.string(),
    role,
    team: z.object({ id: z.string(), slug: z.string(), name: z.string().nullable() }),
  })
  .openapi('InvitationPreview');

export const InviteReply = z
  .object({
    id: z.string(),
    email: z.string(),
    role,
    link: z.string().describe('The accept link; anyone holding it can join as this e-mail.'),
    delivered: z.boolean().describe('false when no SMTP server is configured: the mail waits in the outbox.'),
  })
  .openapi('InviteReply');

export const OutboxMessage = z
  .object({
    id: z.string(),
    teamId: z.string().nullable(),
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    link: z.string().nullable(),
    createdAt: ms,
    sentAt: ms.nullable(),
  })
  .openapi('OutboxMessage');

export const InviteBody = z
  .object({ email: key().describe('Who to invite.'), role: role.default('MEMBER') })
  .openapi('Invite');

export const RoleBody = z.object({ role }).openapi('RoleChange');

export const PlanChange = z
  .object({
    plan: z
      .enum(['hobby', 'pro', 'enterprise'])
      .describe('The plan to move to; hobby → pro starts a 14-day trial once per team.'),
  })
  .openapi('PlanChange');

export const PlanChangeReply = z
  .object({
    team: TeamSchema,
    priorPlan: z.enum(['hobby', 'pro', 'enterprise']),
    newPlan: z.enum(['hobby', 'pro', 'enterprise']),
    conversionType: z.enum(['trial', 'paid', 'downgrade']),
  })
  .openapi('PlanChangeReply');

export const BillingReply = z
  .object({ billing: BillingSchema, testMode: z.boolean().describe('Payments go to the Stripe test platform.') })
  .openapi('BillingReply');

export const TeamActivity = z
  .object({
    events: z.array(
      z.object({
        kind: z.enum(['deployment', 'project', 'member', 'invitation']),
        at: ms,
        actor: z.string().nullable().describe('Username of who did it, when known.'),
        project: z.string().optional(),
        deploymentId: z.string().optional(),
        target: z.string().optional(),
        state: z.string().optional(),
        role: role.optional(),
        email: z.string().nullable().optional().describe('Who was invited; null for those who cannot invite.'),
      }),
    ),
  })
  .openapi('TeamActivity');
