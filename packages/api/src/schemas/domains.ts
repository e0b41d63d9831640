// Request and reply schemas of domains, project domains, aliases and certificates, in Vercel's shapes
// (the @vercel/sdk models are the judge; extra fields are allowed by its parsers).
import { z } from '@hono/zod-openapi';
import { REDIRECT_STATUS_CODES } from '@nimbus/core';
import { key, PaginationSchema, pathParam, ScopeQuery, timestampQuery } from './common';

export const DomainParam = z.object({ domain: pathParam('domain', 'A domain name, e.g. example.com.') });
export const ProjectParam = z.object({ idOrName: pathParam('idOrName') });
export const ProjectDomainParams = ProjectParam.merge(DomainParam);
export const AliasParam = z.object({ idOrAlias: pathParam('idOrAlias', 'An alias id (als_...) or its host name.') });
export const AliasIdParam = z.object({ aliasId: pathParam('aliasId', 'An alias id (als_...) or its host name.') });

export const PageQuery = ScopeQuery.extend({
  limit: z.coerce.number().int().min(1).max(100).default(20).describe('At most 100 items per page.'),
  until: timestampQuery().optional().describe("The previous page's pagination.next."),
});

const Verification = z.object({ type: z.string(), domain: z.string(), value: z.string(), reason: z.string() });

export const TeamDomain = z
  .object({
    id: z.string(),
    name: z.string(),
    teamId: z.string().nullable(),
    userId: z.string(),
    creator: z.object({ id: z.string(), username: z.string(), email: z.string() }).passthrough(),
    boughtAt: z.null(),
    expiresAt: z.null(),
    createdAt: z.number(),
    serviceType: z.literal('external'),
    nameservers: z.array(z.string()),
    intendedNameservers: z.array(z.string()),
    verified: z.boolean(),
    verification: z.array(Verification).describe('The TXT record that proves this team controls the domain.'),
    configuredBy: z.enum(['A', 'CNAME']).nullable().describe('How the last DNS check saw the domain point at Nimbus.'),
  })
  .passthrough()
  .openapi('TeamDomain');

export const TeamDomainReply = z.object({ domain: TeamDomain }).openapi('TeamDomainReply');
export const TeamDomainList = z
  .object({ domains: z.array(TeamDomain), pagination: PaginationSchema })
  .openapi('TeamDomainList');
export const DomainCreate = z
  .object({ name: key().describe('An apex domain, e.g. example.com.') })
  .passthrough()
  .openapi('DomainCreate');
export const DomainUid = z.object({ uid: z.string() }).openapi('DomainUid');

const Record = z.object({ type: z.string(), name: z.string(), value: z.string() });
export const DomainConfig = z
  .object({
    configuredBy: z.enum(['A', 'CNAME']).nullable(),
    acceptedChallenges: z.array(z.string()),
    misconfigured: z.boolean(),
    recommendedIPv4: z.array(z.object({ rank: z.number(), value: z.array(z.string()) })),
    recommendedIPv6: z.array(z.object({ rank: z.number(), value: z.array(z.string()) })),
    recommendedCNAME: z.array(z.object({ rank: z.number(), value: z.string() })),
    records: z.array(Record).describe('The records to set at your DNS provider.'),
    current: z
      .object({
        a: z.array(z.string()),
        aaaa: z.array(z.string()),
        cname: z.array(z.string()),
        error: z.string().nullable(),
      })
      .describe('What the look-up saw now.'),
  })
  .openapi('DomainConfig');

export const ProjectDomain = z
  .object({
    name: z.string(),
    apexName: z.string(),
    projectId: z.string(),
    redirect: z.string().nullable(),
    redirectStatusCode: z.number().nullable(),
    gitBranch: z.string().nullable(),
    customEnvironmentId: z.null(),
    createdAt: z.number(),
    updatedAt: z.number(),
    verified: z.boolean().describe("True once the team's domain for the apex is verified: only then is it served."),
    verification: z.array(Verification).optional(),
  })
  .openapi('ProjectDomain');
export const ProjectDomainList = z
  .object({ domains: z.array(ProjectDomain), pagination: PaginationSchema })
  .openapi('ProjectDomainList');

const settings = {
  redirect: key().nullable().optional().describe('Another domain of this project to redirect to.'),
  redirectStatusCode: z
    .number()
    .int()
    .refine((n) => (REDIRECT_STATUS_CODES as readonly number[]).includes(n), {
      message: `Use one of ${REDIRECT_STATUS_CODES.join(', ')}.`,
    })
    .nullable()
    .optional(),
  gitBranch: key().nullable().optional(),
};
export const ProjectDomainCreate = z
  .object({ name: key().describe('The domain, e.g. www.example.com.'), ...settings })
  .passthrough()
  .openapi('ProjectDomainCreate');
export const ProjectDomainUpdate = z.object(settings).passthrough().openapi('ProjectDomainUpdate');
export const ProjectAliasCreate = z
  .object({ domain: key(), target: z.string().optional() })
  .passthrough()
  .openapi('ProjectAliasCreate');
export const ProjectAliasQuery = ScopeQuery.extend({ domain: key() });
export const ProjectAliasReply = z
  .array(z.object({ domain: z.string(), target: z.string(), created: z.string() }))
  .openapi('ProjectAliasReply');

export const ProjectDomainsOfDomain = z
  .object({
    projectDomains: z.array(z.object({ name: z.string(), projectId: z.string() }).passthrough()),
    pagination: PaginationSchema,
  })
  .openapi('ProjectDomainsOfDomain');

export const Alias = z
  .object({
    uid: z.string(),
    alias: z.string().describe('Host with the public port, without scheme.'),
    created: z.string(),
    createdAt: z.number(),
    deploymentId: z.string(),
    projectId: z.string(),
    kind: z.enum(['production', 'custom', 'branch']),
  })
  .passthrough()
  .openapi('Alias');
export const AliasPage = z.object({ aliases: z.array(Alias), pagination: PaginationSchema }).openapi('AliasPage');
export const AliasCreate = z
  .object({ alias: key().describe('my-alias.<deploy domain>, or a name under a domain the team verified.') })
  .passthrough()
  .openapi('AliasCreate');
export const AliasCreated = z
  .object({ uid: z.string(), alias: z.string(), created: z.string(), oldDeploymentId: z.string().nullable() })
  .openapi('AliasCreated');
export const AliasDeleted = z.object({ status: z.literal('SUCCESS') }).openapi('AliasDeleted');

export const CertList = z
  .object({
    certs: z.array(
      z.object({
        uid: z.string(),
        cns: z.array(z.string()),
        created: z.string(),
        expiration: z.string(),
        autoRenew: z.boolean(),
      }),
    ),
    pagination: PaginationSchema,
  })
  .openapi('CertList');
