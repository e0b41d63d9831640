// Git (services/git.ts): the projects' git remotes over smart HTTP (public: git sends HTTP Basic
// with a token as the password, checked here), deploy hooks, and `vercel git connect`.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { authenticateToken, DomainError } from '@nimbus/db';
import type { Context } from 'hono';
import { clientOf } from '../client-ip';
import type { AppEnv } from '../context';
import { errorBody } from '../errors';
import { projectJson } from '../project-json';
import { errors, json, pathParam, ScopeQuery } from '../schemas/common';
import { ProjectParam, ProjectSchema } from '../schemas/projects';
import { createContext } from '../services/context';
import * as git from '../services/git';

const security = [{ bearer: [] }];
const tags = ['Git'];

/** `/git/<team>/<project>.git<rest>`. */
const REMOTE_PATH = /^\/git\/([^/]+)\/([^/]+)\.git(\/.*)?$/;

const challenge = (c: Context<AppEnv>, message: string) =>
  c.json(errorBody('not_authenticated', message), 401, { 'www-authenticate': 'Basic realm="Nimbus", charset="UTF-8"' });

/** Smart HTTP for `git clone`, `git fetch` and `git push`; mounted before `authenticate` (app.ts). */
export function gitRemoteRoutes() {
  const app = new OpenAPIHono<AppEnv>();
  app.on(['GET', 'POST'], '/git/*', async (c) => {
    const match = REMOTE_PATH.exec(c.req.path);
    if (!match) throw new DomainError('not_found', 'A git remote is /git/<team>/<project>.git.');
    const basic = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(c.req.header('authorization') ?? '');
    if (!basic) return challenge(c, 'Log in with any username and a Nimbus token as the password.');
    const decoded = Buffer.from(basic[1]!, 'base64').toString('utf8');
    const password = decoded.slice(decoded.indexOf(':') + 1);
    const found = password ? await authenticateToken(c.var.options.db, password) : null;
    if (!found) return challenge(c, 'The token is not valid or has expired. Create one in Account settings → Tokens.');
    const [, team, projectName, rest = '/'] = match;
    const ctx = createContext(
      c.var.options,
      { user: found.user, token: found.token, via: 'token' },
      decodeURIComponent(team!),
      clientOf(c),
    );
    const url = new URL(c.req.url);
    const res = await git.serve(ctx, {
      projectName: decodeURIComponent(projectName!),
      rest,
      method: c.req.method,
      query: url.search.slice(1),
      contentType: c.req.header('content-type'),
      contentEncoding: c.req.header('content-encoding'),
      gitProtocol: c.req.header('git-protocol'),
      remoteAddr: ctx.client?.ip ?? undefined,
      body: c.req.method === 'POST' ? c.req.raw.body : null,
    });
    return new Response(res.body, { status: res.status, headers: [...res.headers, ['cache-control', 'no-store']] });
  });
  return app;
}

const HookParams = z.object({ projectId: pathParam('projectId'), secret: pathParam('secret') });
const HookJob = z
  .object({ job: z.object({ id: z.string(), state: z.literal('PENDING'), createdAt: z.number() }) })
  .openapi('DeployHookJob');

/** `POST /v1/integrations/deploy/{projectId}/{secret}`: the secret is the credential (public). */
export function deployHookTriggerRoutes() {
  const app = new OpenAPIHono<AppEnv>();
  for (const method of ['post', 'get'] as const) {
    app.openapi(
      createRoute({
        method,
        path: '/v1/integrations/deploy/{projectId}/{secret}',
        tags,
        summary: 'Trigger a deploy hook',
        description: "Deploys the hook's branch at its latest commit pushed to the project's git remote.",
        request: { params: HookParams },
        responses: { 201: json(HookJob), ...errors },
      }),
      async (c) => {
        const { projectId, secret } = c.req.valid('param');
        return c.json(await git.triggerHook(c.var.options, projectId, secret), 201);
      },
    );
  }
  return app;
}

const DeployHook = z
  .object({ id: z.string(), name: z.string(), ref: z.string(), url: z.string(), createdAt: z.number() })
  .openapi('DeployHook');

const GitSettings = z
  .object({
    type: z.string(),
    org: z.string(),
    repo: z.string(),
    repoUrl: z.string().describe("The project's Nimbus remote: push here to deploy."),
    connected: z.boolean().describe('Whether `vercel git connect` linked a repository.'),
    nimbusRemote: z.boolean(),
    productionBranch: z.string(),
    deployHooks: z.array(DeployHook),
    createdAt: z.number(),
    updatedAt: z.number(),
    commandForIgnoringBuildStep: z.string().nullable(),
    rootDirectory: z.string().nullable(),
  })
  .openapi('GitSettings');

const LinkBody = z
  .object({
    type: z.string().min(1).max(100).describe('github, gitlab, bitbucket, or what the CLI parsed from a Nimbus URL.'),
    repo: z.string().min(1).max(500).describe('org/repo; a Nimbus remote is git/<team>/<project>.'),
  })
  .openapi('GitLinkCreate');

const HookCreate = z
  .object({ name: z.string().max(100), ref: z.string().max(200).describe('The branch to deploy.') })
  .openapi('DeployHookCreate');

const ProjectWithLink = ProjectSchema.extend({
  link: GitSettings.omit({ commandForIgnoringBuildStep: true, rootDirectory: true }),
});

export function gitRoutes() {
  const app = new OpenAPIHono<AppEnv>();

  // GET /v1/projects/{idOrName}/git - the Git settings page: remote, branch, hooks, build switches
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/projects/{idOrName}/git',
      tags,
      summary: "A project's Git settings",
      security,
      request: { params: ProjectParam, query: ScopeQuery },
      responses: { 200: json(GitSettings), ...errors },
    }),
    async (c) => c.json(await git.settings(c.var.ctx, c.req.valid('param').idOrName), 200),
  );

  // POST /v1/projects/{idOrName}/deploy-hooks - a secret URL that deploys a branch
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/projects/{idOrName}/deploy-hooks',
      tags,
      summary: 'Create a deploy hook',
      security,
      request: {
        params: ProjectParam,
        query: ScopeQuery,
        body: { content: { 'application/json': { schema: HookCreate } } },
      },
      responses: { 201: json(DeployHook), ...errors },
    }),
    async (c) => c.json(await git.createHook(c.var.ctx, c.req.valid('param').idOrName, c.req.valid('json')), 201),
  );

  // DELETE /v1/projects/{idOrName}/deploy-hooks/{id}
  app.openapi(
    createRoute({
      method: 'delete',
      path: '/v1/projects/{idOrName}/deploy-hooks/{id}',
      tags,
      summary: 'Delete a deploy hook',
      security,
      request: { params: ProjectParam.extend({ id: pathParam('id') }), query: ScopeQuery },
      responses: { 200: json(z.object({})), ...errors },
    }),
    async (c) => {
      const { idOrName, id } = c.req.valid('param');
      return c.json(await git.deleteHook(c.var.ctx, idOrName, id), 200);
    },
  );

  // POST /v9/projects/{idOrName}/link - `vercel git connect`
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v9/projects/{idOrName}/link',
      tags,
      summary: 'Connect a git repository',
      security,
      request: {
        params: ProjectParam,
        query: ScopeQuery,
        body: { content: { 'application/json': { schema: LinkBody } } },
      },
      responses: { 200: json(ProjectWithLink), ...errors },
    }),
    async (c) => {
      const { idOrName } = c.req.valid('param');
      await git.connect(c.var.ctx, idOrName, c.req.valid('json'));
      return c.json(await withLink(c, idOrName), 200);
    },
  );

  // DELETE /v9/projects/{idOrName}/link - `vercel git disconnect`
  app.openapi(
    createRoute({
      method: 'delete',
      path: '/v9/projects/{idOrName}/link',
      tags,
      summary: 'Disconnect the git repository',
      security,
      request: { params: ProjectParam, query: ScopeQuery },
      responses: { 200: json(ProjectWithLink), ...errors },
    }),
    async (c) => {
      const { idOrName } = c.req.valid('param');
      await git.disconnect(c.var.ctx, idOrName);
      return c.json(await withLink(c, idOrName), 200);
    },
  );
  return app;
}

async function withLink(c: Context<AppEnv>, idOrName: string) {
  const { commandForIgnoringBuildStep: _i, rootDirectory: _r, ...link } = await git.settings(c.var.ctx, idOrName);
  const project = await git.projectOf(c.var.ctx, idOrName);
  return { ...projectJson(project), link };
}
