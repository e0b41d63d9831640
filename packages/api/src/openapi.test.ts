// `/api/openapi.json` documents every path the API answers, with a summary, and the replies of
// accounts, teams, members, tokens, billing and device logins are exactly what their response
// schemas describe (no field missing from the document, none of the wrong type).
import type { z } from '@hono/zod-openapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi } from './testing';

/**
 * Routes still registered with `app.get/post/...` instead of `createRoute`, so not in the document.
 * Empty this list as they are converted; a new entry needs a reason.
 */
// Git's smart HTTP protocol (routes/git.ts), which git clients speak, not JSON; docs/git describes it.
const UNDOCUMENTED = new Set<string>(['GET /git/*', 'POST /git/*']);

let t: Awaited<ReturnType<typeof createTestApi>>;
let doc: { paths: Record<string, Record<string, { summary?: string }>> };
beforeAll(async () => {
  t = await createTestApi();
  doc = await (await t.app.request('http://localhost/openapi.json')).json();
});
afterAll(() => t.close());

/** The document itself. */
const DOCUMENT = 'GET /openapi.json';
const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
const template = (honoPath: string) => honoPath.replace(/:(\w+)(\{[^}]*\})?/g, '{$1}');

describe('OpenAPI document', () => {
  it('lists every route the app answers, each with a summary', () => {
    const answered = new Set(
      t.app.routes.filter((r) => METHODS.has(r.method)).map((r) => `${r.method} ${template(r.path)}`),
    );
    const missing = [...answered].filter((route) => {
      const [method, path] = route.split(' ') as [string, string];
      return route !== DOCUMENT && !UNDOCUMENTED.has(route) && !doc.paths[path]?.[method.toLowerCase()]?.summary;
    });
    expect(missing).toEqual([]);
    expect(answered.size).toBeGreaterThan(50);
  });

  it('keeps no allow-listed route that is documented or gone', () => {
    for (const route of UNDOCUMENTED) {
      const [method, path] = route.split(' ') as [string, string];
      expect(doc.paths[path]?.[method.toLowerCase()], route).toBeUndefined();
      expect(
        t.app.routes.some((r) => r.method === method && template(r.path) === path),
        route,
      ).toBe(true);
    }
  });
});

type RouteDefinition = {
  type: string;
  route?: {
    method: string;
    path: string;
    responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
  };
};

/** The documented JSON schema of a reply, found by method and concrete path. */
function replySchema(method: string, path: string, status = 200): z.ZodType {
  const definitions = t.app.openAPIRegistry.definitions as RouteDefinition[];
  const route = definitions
    .map((d) => d.route)
    .find(
      (r) =>
        r?.method === method.toLowerCase() &&
        new RegExp(`^${r.path.replace(/\{\w+\}/g, '[^/]+')}$`).test(path.split('?')[0]!),
    );
  const schema = route?.responses[status]?.content?.['application/json']?.schema;
  if (!schema) throw new Error(`${method} ${path} documents no JSON reply for ${status}.`);
  return schema as z.ZodType;
}

describe('documented replies', () => {
  it('match their schemas field for field', async () => {
    const owner = await t.signup('schema-owner@example.com', 'Owner');
    const cookie = owner.cookie;
    const calls: [string, string, unknown?][] = [];
    const check = async (method: string, path: string, body?: unknown) => {
      const res = await t.call(method, path, { cookie, body });
      expect(res.status, `${method} ${path}: ${JSON.stringify(res.json)}`).toBe(200);
      const schema = replySchema(method, path);
      // Parsing strips fields the schema does not name, so equality means every field is described.
      expect(schema.parse(res.json), `${method} ${path}`).toEqual(res.json);
      calls.push([method, path]);
      return res.json;
    };
    await check('GET', '/v2/user');
    await check('PATCH', '/v2/user', { name: 'Owner Two' });
    await check('GET', '/www/user');
    const team = await check('POST', '/v1/teams', { name: 'Schema Team' });
    await check('GET', '/v2/teams');
    await check('GET', `/v2/teams/${team.slug}`);
    await check('PATCH', `/v2/teams/${team.id}`, { name: 'Schema Team 2' });
    await check('GET', `/v1/billing?teamId=${team.id}`);
    await check('POST', `/v1/plan/change?teamId=${team.id}`, { plan: 'pro' });
    const invite = await check('POST', `/v1/teams/${team.id}/members`, { email: 'guest@example.com', role: 'VIEWER' });
    await check('GET', `/v3/teams/${team.id}/members`);
    await check('GET', `/v1/teams/${team.id}/invitations`);
    await check('POST', `/v1/teams/${team.id}/invitations/${invite.id}/resend`);
    await check('GET', `/v1/teams/${team.id}/outbox`);
    await check('GET', `/v1/teams/${team.id}/activity`);
    await check('GET', `/v1/invitations/${invite.link.split('/').pop()}`);
    const created = await check('POST', '/v3/user/tokens', { name: 'ci', teamId: team.id });
    await check('GET', '/v6/user/tokens');
    await check('GET', `/v5/user/tokens/${created.token.id}`);
    const code = await check('POST', '/v1/device/code', { client_name: 'laptop' });
    await check('GET', `/v1/device/${code.user_code}`);
    await check('POST', `/v1/device/${code.user_code}/approve`, { teamId: team.id });
    await check('DELETE', `/v3/user/tokens/${created.token.id}`);
    const { sessions } = await check('GET', '/v1/user/sessions');
    await check('DELETE', '/v1/user/sessions');
    await check('POST', '/auth/password-reset', { email: 'schema-owner@example.com' });
    await check('POST', '/v1/user/password', {
      currentPassword: 'correct horse battery',
      newPassword: 'sturdy maple lantern',
    });
    await check('DELETE', `/v1/user/sessions/${sessions[0].id}`);
    expect(calls).toHaveLength(28);
  });
});
