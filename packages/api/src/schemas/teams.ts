// Request and response schemas of teams and members.
import { z } from '@hono/zod-openapi';
import { ROLES } from '@nimbus/core';

export const TeamSchema = z
  .object({
    id: z.string(),
    slug: z.string(),
    name: z.string().nullable(),
    createdAt: z.number(),
    personal: z.boolean(),
  })
  .passthrough()
  .openapi('Team');

export const TeamCreate = z
  .object({
    name: z.string().describe('Letters, numbers, spaces, underscore, apostrophe or dash; 1 to 256 characters.'),
    slug: z.string().optional().describe('URL name of the team; derived from the name when absent.'),
  })
  .openapi('TeamCreate');

export const TeamPatch = z.object({ name: z.string().optional(), slug: z.string().optional() }).openapi('TeamPatch');

export const TeamIdParam = z.object({ teamId: z.string().openapi({ param: { name: 'teamId', in: 'path' } }) });

export const MemberSchema = z
  .object({
    uid: z.string(),
    email: z.string(),
    username: z.string(),
    name: z.string().nullable(),
    role: z.enum(ROLES),
    createdAt: z.number(),
  })
  .openapi('TeamMember');
export type Member = z.infer<typeof MemberSchema>;

export const InviteBody = z
  .object({ email: z.string().describe('Who to invite.'), role: z.enum(ROLES).default('MEMBER') })
  .openapi('Invite');

export const RoleBody = z.object({ role: z.enum(ROLES) }).openapi('RoleChange');
