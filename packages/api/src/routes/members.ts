// Team members and invitations (services/members.ts): parse, call, reply. The invitation preview
// is public (the secret in the link is the credential); everything else needs a caller.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../context';
import { body, errors, json, PaginationSchema, pathParam } from '../schemas/common';
import {
  InvitationPreview,
  InvitationSchema,
  InviteBody,
  InviteReply,
  MemberSchema,
  OutboxMessage,
  RoleBody,
  TeamIdParam,
  TeamSchema,
} from '../schemas/teams';
import * as members from '../services/members';

const auth = [{ bearer: [] }];
const tags = ['Members'];
const MemberParams = TeamIdParam.extend({ uid: pathParam('uid').describe('A user id, or "me" to leave.') });
const InvitationParams = TeamIdParam.extend({ id: pathParam('id') });
const SecretParam = z.object({ secret: pathParam('secret') });
const Members = z.object({ members: z.array(MemberSchema), pagination: PaginationSchema }).openapi('TeamMembers');
const Invitations = z
  .object({ invitations: z.array(InvitationSchema), pagination: PaginationSchema })
  .openapi('TeamInvitations');

/** GET /v1/invitations/{secret} - which team and role a link is for, shown before logging in. */
export function invitationPreviewRoutes() {
  const app = new OpenAPIHono<AppEnv>();
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/invitations/{secret}',
      tags,
      summary: 'Preview an invitation',
      request: { params: SecretParam },
      responses: { 200: json(InvitationPreview), ...errors },
    }),
    async (c) => c.json(await members.preview(c.var.options, c.req.valid('param').secret), 200),
  );
  return app;
}

export function memberRoutes() {
  const app = new OpenAPIHono<AppEnv>();

  // GET /v3/teams/{teamId}/members - list members
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v3/teams/{teamId}/members',
      tags,
      summary: 'List team members',
      security: auth,
      request: { params: TeamIdParam },
      responses: { 200: json(Members), ...errors },
    }),
    async (c) => c.json(await members.list(c.var.ctx, c.req.valid('param').teamId), 200),
  );

  // POST /v1/teams/{teamId}/members - invite by e-mail with a role (owners)
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/teams/{teamId}/members',
      tags,
      summary: 'Invite a member',
      security: auth,
      request: { params: TeamIdParam, ...body(InviteBody) },
      responses: { 200: json(InviteReply), ...errors },
    }),
    async (c) => c.json(await members.invite(c.var.ctx, c.req.valid('param').teamId, c.req.valid('json')), 200),
  );

  // GET /v1/teams/{teamId}/invitations - pending invitations
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/teams/{teamId}/invitations',
      tags,
      summary: 'List pending invitations',
      security: auth,
      request: { params: TeamIdParam },
      responses: { 200: json(Invitations), ...errors },
    }),
    async (c) => c.json(await members.invitations(c.var.ctx, c.req.valid('param').teamId), 200),
  );

  // DELETE /v1/teams/{teamId}/invitations/{id} - revoke an invitation (owners)
  app.openapi(
    createRoute({
      method: 'delete',
      path: '/v1/teams/{teamId}/invitations/{id}',
      tags,
      summary: 'Revoke an invitation',
      security: auth,
      request: { params: InvitationParams },
      responses: { 204: { description: 'Revoked' }, ...errors },
    }),
    async (c) => {
      const { teamId, id } = c.req.valid('param');
      await members.revokeInvitation(c.var.ctx, teamId, id);
      return c.body(null, 204);
    },
  );

  // POST /v1/teams/{teamId}/invitations/{id}/resend - send the mail again, 7 more days (owners)
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/teams/{teamId}/invitations/{id}/resend',
      tags,
      summary: 'Resend an invitation',
      description:
        'Sends the invitation e-mail again (it stays in the outbox without SMTP: `delivered` is false) and renews its 7 days.',
      security: auth,
      request: { params: InvitationParams },
      responses: { 200: json(InviteReply), ...errors },
    }),
    async (c) => {
      const { teamId, id } = c.req.valid('param');
      return c.json(await members.resendInvitation(c.var.ctx, teamId, id), 200);
    },
  );

  // GET /v1/teams/{teamId}/outbox - mail kept when no SMTP server is configured (owners)
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/teams/{teamId}/outbox',
      tags,
      summary: 'List unsent mail',
      security: auth,
      request: { params: TeamIdParam },
      responses: { 200: json(z.object({ messages: z.array(OutboxMessage) })), ...errors },
    }),
    async (c) => c.json(await members.outbox(c.var.ctx, c.req.valid('param').teamId), 200),
  );

  // PATCH /v1/teams/{teamId}/members/{uid} - change a member's role (owners)
  app.openapi(
    createRoute({
      method: 'patch',
      path: '/v1/teams/{teamId}/members/{uid}',
      tags,
      summary: "Change a member's role",
      security: auth,
      request: { params: MemberParams, ...body(RoleBody) },
      responses: { 200: json(z.object({ uid: z.string(), role: RoleBody.shape.role })), ...errors },
    }),
    async (c) => {
      const { teamId, uid } = c.req.valid('param');
      return c.json(await members.changeRole(c.var.ctx, teamId, uid, c.req.valid('json').role), 200);
    },
  );

  // DELETE /v1/teams/{teamId}/members/{uid} - remove a member (owners), or leave (yourself)
  app.openapi(
    createRoute({
      method: 'delete',
      path: '/v1/teams/{teamId}/members/{uid}',
      tags,
      summary: 'Remove a member or leave',
      security: auth,
      request: { params: MemberParams },
      responses: { 200: json(z.object({ id: z.string() })), ...errors },
    }),
    async (c) => {
      const { teamId, uid } = c.req.valid('param');
      return c.json(await members.remove(c.var.ctx, teamId, uid), 200);
    },
  );

  // POST /v1/invitations/{secret}/accept - join the team
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/invitations/{secret}/accept',
      tags,
      summary: 'Accept an invitation',
      security: auth,
      request: { params: SecretParam },
      responses: { 200: json(z.object({ team: TeamSchema, role: RoleBody.shape.role })), ...errors },
    }),
    async (c) => c.json(await members.accept(c.var.ctx, c.req.valid('param').secret), 200),
  );

  return app;
}
