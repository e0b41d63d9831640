// Domains, project domains, aliases and certificates (services/domains.ts, project-domains.ts,
// aliases.ts): parse, call, reply. Several routes answer more than one path: the versions the
// `vercel` CLI and `@vercel/sdk` call, and the `/now/...` forms of the CLI.
import { createRoute, OpenAPIHono, type RouteConfig, type RouteHandler, z } from '@hono/zod-openapi';
import { DomainError } from '@nimbus/db';
import type { AppEnv } from '../context';
import { body, errors, json, ScopeQuery } from '../schemas/common';
import { IdParam } from '../schemas/deployments';
import {
  Alias,
  AliasCreate,
  AliasCreated,
  AliasDeleted,
  AliasIdParam,
  AliasPage,
  AliasParam,
  CertList,
  DomainConfig,
  DomainCreate,
  DomainParam,
  DomainUid,
  PageQuery,
  ProjectAliasCreate,
  ProjectAliasQuery,
  ProjectAliasReply,
  ProjectDomain,
  ProjectDomainCreate,
  ProjectDomainList,
  ProjectDomainParams,
  ProjectDomainsOfDomain,
  ProjectDomainUpdate,
  ProjectParam,
  TeamDomainList,
  TeamDomainReply,
} from '../schemas/domains';
import * as aliases from '../services/aliases';
import * as domains from '../services/domains';
import * as projectDomains from '../services/project-domains';

const security = [{ bearer: [] }];

/** One route config at each of `paths` (the versions clients call). */
function each<C extends Omit<RouteConfig, 'path' | 'security'>>(
  app: OpenAPIHono<AppEnv>,
  paths: string[],
  config: C,
  handler: RouteHandler<C & { path: string; security: typeof security }, AppEnv>,
) {
  for (const path of paths) app.openapi(createRoute({ ...config, path, security }), handler);
}

const DomainRecordParams = DomainParam.extend({
  recordId: z.string().openapi({ param: { name: 'recordId', in: 'path' } }),
});
const RecordIdParam = z.object({ recordId: z.string().openapi({ param: { name: 'recordId', in: 'path' } }) });
const DnsReply = {
  400: json(z.object({ error: z.object({ code: z.string(), message: z.string() }) }), 'Not supported'),
};

export function domainRoutes() {
  const app = new OpenAPIHono<AppEnv>();
  const tags = ['Domains'];

  // GET /v5/domains - the team's domains, newest first
  each(
    app,
    ['/v5/domains'],
    {
      method: 'get',
      tags,
      summary: 'List the domains of the team',
      request: { query: PageQuery },
      responses: { 200: json(TeamDomainList), ...errors },
    },
    async (c) => c.json(await domains.list(c.var.ctx, c.req.valid('query')), 200),
  );

  // POST /v7/domains (also /v5, /v4) - add an apex to the team, unverified until its TXT record is seen
  each(
    app,
    ['/v7/domains', '/v5/domains', '/v4/domains'],
    {
      method: 'post',
      tags,
      summary: 'Add a domain to the team',
      request: { query: ScopeQuery, ...body(DomainCreate) },
      responses: { 200: json(TeamDomainReply), ...errors },
    },
    async (c) => c.json(await domains.add(c.var.ctx, c.req.valid('json').name), 200),
  );

  // GET /v5/domains/{domain} (also /v6, /v4) - one domain of the team, with its TXT verification record
  each(
    app,
    ['/v5/domains/{domain}', '/v6/domains/{domain}', '/v4/domains/{domain}'],
    {
      method: 'get',
      tags,
      summary: 'Get a domain of the team',
      request: { params: DomainParam, query: ScopeQuery },
      responses: { 200: json(TeamDomainReply), ...errors },
    },
    async (c) => c.json(await domains.get(c.var.ctx, c.req.valid('param').domain), 200),
  );

  // DELETE /v6/domains/{domain} (also /v3: `vercel domains rm`) - remove it with its project domains and aliases
  each(
    app,
    ['/v6/domains/{domain}', '/v3/domains/{domain}'],
    {
      method: 'delete',
      tags,
      summary: 'Remove a domain from the team',
      request: { params: DomainParam, query: ScopeQuery },
      responses: { 200: json(DomainUid), ...errors },
    },
    async (c) => c.json(await domains.remove(c.var.ctx, c.req.valid('param').domain), 200),
  );

  // POST /v6/domains/{domain}/verify - look the TXT record up now and verify the domain for this team
  each(
    app,
    ['/v6/domains/{domain}/verify'],
    {
      method: 'post',
      tags,
      summary: 'Verify a domain now',
      request: { params: DomainParam, query: ScopeQuery },
      responses: { 200: json(TeamDomainReply), ...errors },
    },
    async (c) => c.json(await domains.verify(c.var.ctx, c.req.valid('param').domain), 200),
  );

  // GET /v6/domains/{domain}/config - what the records should be and whether they are
  each(
    app,
    ['/v6/domains/{domain}/config'],
    {
      method: 'get',
      tags,
      summary: "Check a domain's DNS configuration",
      request: { params: DomainParam, query: ScopeQuery },
      responses: { 200: json(DomainConfig), ...errors },
    },
    async (c) => c.json(await domains.config(c.var.ctx, c.req.valid('param').domain), 200),
  );

  // GET /v1/domains/{domain}/project-domains - the team's projects using names under this domain
  each(
    app,
    ['/v1/domains/{domain}/project-domains'],
    {
      method: 'get',
      tags,
      summary: 'List the project domains under a domain',
      request: { params: DomainParam, query: ScopeQuery },
      responses: { 200: json(ProjectDomainsOfDomain), ...errors },
    },
    async (c) => c.json(await domains.projectDomainsOf(c.var.ctx, c.req.valid('param').domain), 200),
  );

  // PATCH /v4/domains/{domain} - moving a domain between teams is a new TXT proof instead
  each(
    app,
    ['/v4/domains/{domain}'],
    {
      method: 'patch',
      tags,
      summary: 'Move a domain (not supported)',
      request: { params: DomainParam, query: ScopeQuery },
      responses: DnsReply,
    },
    async () => {
      throw domainMoveUnsupported();
    },
  );

  // DNS records (`vercel dns ls|add|rm`): Nimbus does not host DNS
  each(
    app,
    [
      '/v2/domains/{domain}/records',
      '/v3/domains/{domain}/records',
      '/v4/domains/{domain}/records',
      '/v5/domains/{domain}/records',
    ],
    {
      method: 'get',
      tags,
      summary: 'List DNS records (not supported)',
      request: { params: DomainParam, query: ScopeQuery },
      responses: DnsReply,
    },
    async (c) => domains.dnsNotSupported(c.var.ctx, c.req.valid('param').domain),
  );
  each(
    app,
    ['/v2/domains/{domain}/records', '/v3/domains/{domain}/records'],
    {
      method: 'post',
      tags,
      summary: 'Add a DNS record (not supported)',
      request: { params: DomainParam, query: ScopeQuery },
      responses: DnsReply,
    },
    async (c) => domains.dnsNotSupported(c.var.ctx, c.req.valid('param').domain),
  );
  each(
    app,
    ['/v3/domains/{domain}/records/{recordId}', '/v2/domains/{domain}/records/{recordId}'],
    {
      method: 'delete',
      tags,
      summary: 'Remove a DNS record (not supported)',
      request: { params: DomainRecordParams, query: ScopeQuery },
      responses: DnsReply,
    },
    async (c) => domains.dnsNotSupported(c.var.ctx, c.req.valid('param').domain),
  );
  each(
    app,
    ['/v5/domains/records/{recordId}'],
    {
      method: 'delete',
      tags,
      summary: 'Remove a DNS record by id (not supported)',
      request: { params: RecordIdParam, query: ScopeQuery },
      responses: DnsReply,
    },
    async (c) => domains.dnsNotSupported(c.var.ctx),
  );
  each(
    app,
    ['/v1/domains/records/{recordId}'],
    {
      method: 'patch',
      tags,
      summary: 'Change a DNS record (not supported)',
      request: { params: RecordIdParam, query: ScopeQuery },
      responses: DnsReply,
    },
    async (c) => domains.dnsNotSupported(c.var.ctx),
  );

  // Registrar calls (`vercel domains buy|price|transfer-in`): Nimbus sells no domains
  const registrar = async () => domains.registrarNotSupported();
  each(
    app,
    ['/v1/registrar/domains/{domain}/price', '/v1/registrar/domains/{domain}/availability'],
    {
      method: 'get',
      tags,
      summary: 'Domain price or availability (not supported)',
      request: { params: DomainParam, query: ScopeQuery },
      responses: DnsReply,
    },
    registrar,
  );
  each(
    app,
    ['/v1/registrar/domains/{domain}/buy', '/v1/registrar/domains/{domain}/transfer', '/v5/domains/buy'],
    {
      method: 'post',
      tags,
      summary: 'Buy or transfer a domain (not supported)',
      request: { query: ScopeQuery },
      responses: DnsReply,
    },
    registrar,
  );

  // GET /v4/certs - the certificates Caddy holds for this team's domains
  each(
    app,
    ['/v4/certs'],
    {
      method: 'get',
      tags: ['Certificates'],
      summary: 'List certificates',
      request: { query: PageQuery },
      responses: { 200: json(CertList), ...errors },
    },
    async (c) => c.json(await domains.certificates(c.var.ctx, c.req.valid('query')), 200),
  );

  return app;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function domainMoveUnsupported() {
  return new DomainError(
    'bad_request',
    'Nimbus does not move domains between teams: add the domain in the other team and set its TXT record; it moves on that proof.',
  );
}

export function projectDomainRoutes() {
  const app = new OpenAPIHono<AppEnv>();
  const tags = ['Project domains'];

  // GET /v9/projects/{idOrName}/domains (also /v10) - the project's domains
  each(
    app,
    ['/v9/projects/{idOrName}/domains', '/v10/projects/{idOrName}/domains'],
    {
      method: 'get',
      tags,
      summary: 'List the domains of a project',
      request: { params: ProjectParam, query: ScopeQuery },
      responses: { 200: json(ProjectDomainList), ...errors },
    },
    async (c) => c.json(await projectDomains.list(c.var.ctx, c.req.valid('param').idOrName), 200),
  );

  // POST /v10/projects/{idOrName}/domains (also /v9) - add a domain; served once its apex is verified
  each(
    app,
    ['/v10/projects/{idOrName}/domains', '/v9/projects/{idOrName}/domains'],
    {
      method: 'post',
      tags,
      summary: 'Add a domain to a project',
      request: { params: ProjectParam, query: ScopeQuery, ...body(ProjectDomainCreate) },
      responses: { 200: json(ProjectDomain), ...errors },
    },
    async (c) => c.json(await projectDomains.add(c.var.ctx, c.req.valid('param').idOrName, c.req.valid('json')), 200),
  );

  // GET /v9/projects/{idOrName}/domains/{domain} - one domain of the project
  each(
    app,
    ['/v9/projects/{idOrName}/domains/{domain}'],
    {
      method: 'get',
      tags,
      summary: 'Get a domain of a project',
      request: { params: ProjectDomainParams, query: ScopeQuery },
      responses: { 200: json(ProjectDomain), ...errors },
    },
    async (c) => {
      const { idOrName, domain } = c.req.valid('param');
      return c.json(await projectDomains.get(c.var.ctx, idOrName, domain), 200);
    },
  );

  // PATCH /v9/projects/{idOrName}/domains/{domain} - redirect (www ↔ apex) or git branch
  each(
    app,
    ['/v9/projects/{idOrName}/domains/{domain}'],
    {
      method: 'patch',
      tags,
      summary: 'Change a domain of a project',
      request: { params: ProjectDomainParams, query: ScopeQuery, ...body(ProjectDomainUpdate) },
      responses: { 200: json(ProjectDomain), ...errors },
    },
    async (c) => {
      const { idOrName, domain } = c.req.valid('param');
      return c.json(await projectDomains.update(c.var.ctx, idOrName, domain, c.req.valid('json')), 200);
    },
  );

  // DELETE /v9/projects/{idOrName}/domains/{domain} - stop serving it
  each(
    app,
    ['/v9/projects/{idOrName}/domains/{domain}'],
    {
      method: 'delete',
      tags,
      summary: 'Remove a domain from a project',
      request: { params: ProjectDomainParams, query: ScopeQuery },
      responses: { 200: json(z.object({})), ...errors },
    },
    async (c) => {
      const { idOrName, domain } = c.req.valid('param');
      return c.json(await projectDomains.remove(c.var.ctx, idOrName, domain), 200);
    },
  );

  // POST /v9/projects/{idOrName}/domains/{domain}/verify - look the apex's TXT record up now
  each(
    app,
    ['/v9/projects/{idOrName}/domains/{domain}/verify'],
    {
      method: 'post',
      tags,
      summary: 'Verify a domain of a project',
      request: { params: ProjectDomainParams, query: ScopeQuery },
      responses: { 200: json(ProjectDomain), ...errors },
    },
    async (c) => {
      const { idOrName, domain } = c.req.valid('param');
      return c.json(await projectDomains.verify(c.var.ctx, idOrName, domain), 200);
    },
  );

  // POST /projects/{idOrName}/alias - `vercel domains add <domain> <project>`
  each(
    app,
    ['/projects/{idOrName}/alias'],
    {
      method: 'post',
      tags,
      summary: 'Add a domain to a project (CLI form)',
      description:
        'Body: {"domain": "www.example.com", "target": "PRODUCTION"}, read as JSON whatever its content type.',
      request: { params: ProjectParam, query: ScopeQuery },
      responses: { 200: json(ProjectAliasReply), ...errors },
    },
    async (c) => {
      // The CLI sends this JSON body without a content type, so it is read as text whatever the header says.
      const input = ProjectAliasCreate.safeParse(parseJson(await c.req.text()));
      if (!input.success)
        throw new DomainError('bad_request', 'Send a JSON body {"domain": "www.example.com", "target": "PRODUCTION"}.');
      return c.json(await projectDomains.addAlias(c.var.ctx, c.req.valid('param').idOrName, input.data.domain), 200);
    },
  );

  // DELETE /projects/{idOrName}/alias?domain= - the CLI's removal form
  each(
    app,
    ['/projects/{idOrName}/alias'],
    {
      method: 'delete',
      tags,
      summary: 'Remove a domain from a project (CLI form)',
      request: { params: ProjectParam, query: ProjectAliasQuery },
      responses: { 200: json(z.object({})), ...errors },
    },
    async (c) =>
      c.json(await projectDomains.remove(c.var.ctx, c.req.valid('param').idOrName, c.req.valid('query').domain), 200),
  );

  return app;
}

export function teamAliasRoutes() {
  const app = new OpenAPIHono<AppEnv>();
  const tags = ['Aliases'];

  // GET /v4/aliases (also /v3/now/aliases: `vercel alias ls`) - the team's aliases, newest first
  each(
    app,
    ['/v4/aliases', '/v3/now/aliases', '/now/aliases'],
    {
      method: 'get',
      tags,
      summary: 'List the aliases of the team',
      request: { query: PageQuery },
      responses: { 200: json(AliasPage), ...errors },
    },
    async (c) => c.json(await aliases.listTeam(c.var.ctx, c.req.valid('query')), 200),
  );

  // GET /v4/aliases/{idOrAlias} (also /v2, /now: `vercel alias rm` looks it up first)
  each(
    app,
    ['/v4/aliases/{idOrAlias}', '/v2/aliases/{idOrAlias}', '/now/aliases/{idOrAlias}'],
    {
      method: 'get',
      tags,
      summary: 'Get an alias',
      request: { params: AliasParam, query: ScopeQuery },
      responses: { 200: json(Alias), ...errors },
    },
    async (c) => c.json(await aliases.get(c.var.ctx, c.req.valid('param').idOrAlias), 200),
  );

  // DELETE /v2/aliases/{aliasId} (also /now) - remove an alias set with `alias set`
  each(
    app,
    ['/v2/aliases/{aliasId}', '/now/aliases/{aliasId}'],
    {
      method: 'delete',
      tags,
      summary: 'Remove an alias',
      request: { params: AliasIdParam, query: ScopeQuery },
      responses: { 200: json(AliasDeleted), ...errors },
    },
    async (c) => c.json(await aliases.remove(c.var.ctx, c.req.valid('param').aliasId), 200),
  );

  // POST /v2/deployments/{id}/aliases (also /now: `vercel alias set`) - point an alias at a deployment
  each(
    app,
    ['/v2/deployments/{id}/aliases', '/now/deployments/{id}/aliases'],
    {
      method: 'post',
      tags,
      summary: 'Assign an alias to a deployment',
      request: { params: IdParam, query: ScopeQuery, ...body(AliasCreate) },
      responses: { 200: json(AliasCreated), ...errors },
    },
    async (c) => c.json(await aliases.set(c.var.ctx, c.req.valid('param').id, c.req.valid('json').alias), 200),
  );

  return app;
}
