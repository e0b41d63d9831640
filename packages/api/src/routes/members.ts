// Team members and invitations: invite by e-mail, accept by link, change role, remove, leave.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  acceptInvitation,
  changeRole,
  findInvitation,
  inviteMember,
  listInvitations,
  listMembers,
  listOutbox,
  removeMember,
  revokeInvitation,
} from '@nimbus/db';
import type { AppEnv } from '../context';
import { deliver } from '../mail';
import { body, errors, json, PaginationSchema } from '../schemas/common';
import { InviteBody, MemberSchema, RoleBody, TeamIdParam } from '../schemas/teams';
import { teamScope } from '../scope';
import { invitationJson, page, teamJson } from '../serialize';

const auth = [{ bearer: [] }];
const MemberParams = TeamIdParam.extend({ uid: z.string().openapi({ param: { name: 'uid', in: 'path' } }) });
const SecretParam = z.object({ secret: z.string().openapi({ param: { name: 'secret', in: 'path' } }) });
const Members = z.object({ members: z.array(MemberSchema), pagination: PaginationSchema }).openapi('TeamMembers');

/**
 * GET /v1/invitations/{secret} - what an invitation link is for. Public: the secret is the
 * credential, so someone who got the e-mail sees which team invites them before logging in.
 */
export function invitationPreviewRoutes() {
  const app = new OpenAPIHono<AppEnv>();
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/invitations/{secret}',
      tags: ['Members'],
      request: { params: SecretParam },
      responses: {
        200: json(
          z.object({
            email: z.string(),
            role: z.string(),
            team: z.object({ id: z.string(), slug: z.string(), name: z.string().nullable() }),
          }),
        ),
        ...errors,
      },
    }),
    async (c) => {
      const { invitation, team } = await findInvitation(c.var.options.db, c.req.valid('param').secret);
      return c.json(
        { email: invitation.email, role: invitation.role, team: { id: team.id, slug: team.slug, name: team.name } },
        200,
      );
    },
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
      tags: ['Members'],
      security: auth,
      request: { params: TeamIdParam },
      responses: { 200: json(Members), ...errors },
    }),
    async (c) => {
      const scope = await teamScope(c, c.req.valid('param').teamId, 'members:read');
      const members = (await listMembers(c.var.options.db, scope.teamId)).map((m) => ({
        ...m,
        createdAt: m.createdAt.getTime(),
        confirmed: true,
      }));
      return c.json({ members, pagination: page(members) }, 200);
    },
  );

  // POST /v1/teams/{teamId}/members - invite by e-mail with a role (owners)
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/teams/{teamId}/members',
      tags: ['Members'],
      security: auth,
      request: { params: TeamIdParam, ...body(InviteBody) },
      responses: {
        200: json(
          z.object({ id: z.string(), email: z.string(), role: z.string(), link: z.string(), delivered: z.boolean() }),
        ),
        ...errors,
      },
    }),
    async (c) => {
      const scope = await teamScope(c, c.req.valid('param').teamId, 'members:invite');
      const { email, role } = c.req.valid('json');
      const { options } = c.var;
      const { invitation, link, mailId } = await inviteMember(options.db, {
        teamId: scope.teamId,
        email,
        role,
        invitedBy: c.var.user.id,
        baseUrl: options.publicUrl,
      });
      const delivered = await deliver(options.db, options, mailId);
      return c.json({ id: invitation.id, email: invitation.email, role: invitation.role, link, delivered }, 200);
    },
  );

  // GET /v1/teams/{teamId}/invitations - pending invitations
  app.get('/v1/teams/:teamId/invitations', async (c) => {
    const scope = await teamScope(c, c.req.param('teamId'), 'members:read');
    const invitations = (await listInvitations(c.var.options.db, scope.teamId)).map(invitationJson);
    return c.json({ invitations, pagination: page(invitations) });
  });

  // DELETE /v1/teams/{teamId}/invitations/{id} - revoke an invitation (owners)
  app.delete('/v1/teams/:teamId/invitations/:id', async (c) => {
    const scope = await teamScope(c, c.req.param('teamId'), 'members:invite');
    await revokeInvitation(c.var.options.db, scope.teamId, c.req.param('id'));
    return c.body(null, 204);
  });

  // GET /v1/teams/{teamId}/outbox - mail kept when no SMTP server is configured (owners)
  app.get('/v1/teams/:teamId/outbox', async (c) => {
    const scope = await teamScope(c, c.req.param('teamId'), 'members:invite');
    const messages = (await listOutbox(c.var.options.db, scope.teamId)).map((m) => ({
      ...m,
      createdAt: m.createdAt.getTime(),
      sentAt: m.sentAt?.getTime() ?? null,
    }));
    return c.json({ messages });
  });

  // PATCH /v1/teams/{teamId}/members/{uid} - change a member's role (owners)
  app.openapi(
    createRoute({
      method: 'patch',
      path: '/v1/teams/{teamId}/members/{uid}',
      tags: ['Members'],
      security: auth,
      request: { params: MemberParams, ...body(RoleBody) },
      responses: { 200: json(z.object({ uid: z.string(), role: z.string() })), ...errors },
    }),
    async (c) => {
      const { teamId, uid } = c.req.valid('param');
      const scope = await teamScope(c, teamId, 'members:update');
      const m = await changeRole(c.var.options.db, scope.teamId, uid, c.req.valid('json').role);
      return c.json({ uid: m.userId, role: m.role }, 200);
    },
  );

  // DELETE /v1/teams/{teamId}/members/{uid} - remove a member (owners), or leave (yourself)
  app.openapi(
    createRoute({
      method: 'delete',
      path: '/v1/teams/{teamId}/members/{uid}',
      tags: ['Members'],
      security: auth,
      request: { params: MemberParams },
      responses: { 200: json(z.object({ id: z.string() })), ...errors },
    }),
    async (c) => {
      const { teamId, uid } = c.req.valid('param');
      const self = uid === c.var.user.id || uid === 'me';
      const scope = await teamScope(c, teamId, self ? 'team:read' : 'members:remove');
      const userId = self ? c.var.user.id : uid;
      await removeMember(c.var.options.db, scope.teamId, userId);
      return c.json({ id: userId }, 200);
    },
  );

  // POST /v1/invitations/{secret}/accept - join the team
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/invitations/{secret}/accept',
      tags: ['Members'],
      security: auth,
      request: { params: SecretParam },
      responses: { 200: json(z.object({ team: z.any(), role: z.string() })), ...errors },
    }),
    async (c) => {
      const { team, role } = await acceptInvitation(c.var.options.db, c.var.user.id, c.req.valid('param').secret);
      return c.json({ team: teamJson({ ...team, role }, c.var.user.id), role }, 200);
    },
  );

  return app;
}
