// The authenticated user (`/v2/user`, services/user.ts): parse, call, reply.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../context';
import { clearSessionCookies, setScopeCookie } from '../cookies';
import { AccountDeleted, AccountDeletion, AvatarReply, DeletionPlan, UserPatch, UserReply } from '../schemas/accounts';
import { body, errors, json } from '../schemas/common';
import * as profile from '../services/account-profile';
import * as user from '../services/user';

const auth = [{ bearer: [] }];
const tags = ['User'];

export function userRoutes() {
  const app = new OpenAPIHono<AppEnv>();

  // GET /v2/user - the authenticated user
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v2/user',
      tags,
      summary: 'Get the authenticated user',
      security: auth,
      responses: { 200: json(UserReply), ...errors },
    }),
    async (c) => c.json(await user.get(c.var.ctx), 200),
  );

  // PATCH /v2/user - change name or default team; a browser also keeps the new team as its scope
  app.openapi(
    createRoute({
      method: 'patch',
      path: '/v2/user',
      tags,
      summary: 'Update the authenticated user',
      security: auth,
      request: body(UserPatch),
      responses: { 200: json(UserReply), ...errors },
    }),
    async (c) => {
      const { scopeSlug, ...reply } = await user.update(c.var.ctx, c.req.valid('json'));
      if (scopeSlug && c.var.via === 'session') setScopeCookie(c, scopeSlug);
      return c.json(reply, 200);
    },
  );

  // PUT /v1/user/avatar - upload an avatar image as the raw body (checked by content, resized)
  app.openapi(
    createRoute({
      method: 'put',
      path: '/v1/user/avatar',
      tags,
      summary: 'Upload an avatar',
      description: 'PNG, JPEG, WebP, GIF or AVIF, at most 4 MB; cut to a square and stored as a 256-pixel WebP.',
      security: auth,
      request: {
        body: { content: { 'application/octet-stream': { schema: z.string().openapi({ format: 'binary' }) } } },
      },
      responses: { 200: json(AvatarReply), ...errors },
    }),
    async (c) => c.json(await profile.uploadAvatar(c.var.ctx, Buffer.from(await c.req.arrayBuffer())), 200),
  );

  // DELETE /v1/user/avatar - back to the generated avatar
  app.openapi(
    createRoute({
      method: 'delete',
      path: '/v1/user/avatar',
      tags,
      summary: 'Remove the avatar',
      security: auth,
      responses: { 200: json(AvatarReply), ...errors },
    }),
    async (c) => c.json(await profile.removeAvatar(c.var.ctx), 200),
  );

  // GET /v1/user/deletion - the teams only you own, and who could take each over
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/user/deletion',
      tags,
      summary: 'Plan deleting the account',
      security: auth,
      responses: { 200: json(DeletionPlan), ...errors },
    }),
    async (c) => c.json(await profile.deletionPlan(c.var.ctx), 200),
  );

  // DELETE /v1/user - delete the account (Vercel's path), confirmed by typing the username
  app.openapi(
    createRoute({
      method: 'delete',
      path: '/v1/user',
      tags,
      summary: 'Delete the account',
      description:
        'Teams only you own go to the member named in `handover`, or are deleted. Every session and token ends.',
      security: auth,
      request: body(AccountDeletion),
      responses: { 200: json(AccountDeleted), ...errors },
    }),
    async (c) => {
      const reply = await profile.deleteAccount(c.var.ctx, c.req.valid('json'));
      if (c.var.via === 'session') clearSessionCookies(c);
      return c.json(reply, 200);
    },
  );

  return app;
}
