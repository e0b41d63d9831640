// A team's single sign-on settings (owners only): the identity provider from metadata (pasted or
// fetched), the e-mail domain proven by a TXT record, the default role of people who join through
// SSO, and enforcement. Personal accounts have no SSO: there is nobody to let in.
import { X509Certificate } from 'node:crypto';
import * as db from '@nimbus/db';
import { authorize } from './access';
import { audit } from './audit';
import type { ServiceContext } from './context';
import type { Scope } from './options';
import { acsUrl, spEntityId } from './sso';
import { hasVerificationRecord, normalizeDomain, txtName, txtValue } from './sso-domain';
import { fetchIdpMetadata, parseIdpMetadata } from './sso-metadata';

async function ownerScope(ctx: ServiceContext): Promise<Scope> {
  const scope = await authorize(ctx, 'team:update');
  if (scope.personal) throw new db.DomainError('bad_request', 'Single sign-on is for teams, not personal accounts.');
  return scope;
}

function settingsJson(ctx: ServiceContext, scope: Scope, sso: db.TeamSso | null) {
  const sp = {
    entityId: spEntityId(ctx.options, scope.teamId),
    acsUrl: acsUrl(ctx.options),
    metadataUrl: spEntityId(ctx.options, scope.teamId),
  };
  if (!sso)
    return {
      configured: false,
      serviceProvider: sp,
      identityProvider: null,
      domain: null,
      domainVerified: false,
      verificationRecord: null,
      enforced: false,
      defaultRole: 'MEMBER' as db.SsoRole,
    };
  const cert = new X509Certificate(sso.idpCertificate);
  return {
    configured: true,
    serviceProvider: sp,
    identityProvider: {
      entityId: sso.idpEntityId,
      ssoUrl: sso.idpSsoUrl,
      metadataUrl: sso.metadataUrl,
      certificateFingerprint: cert.fingerprint256,
      certificateExpiresAt: new Date(cert.validTo).getTime(),
    },
    domain: sso.domain,
    domainVerified: Boolean(sso.domainVerifiedAt),
    verificationRecord: sso.domain
      ? { type: 'TXT', name: txtName(sso.domain), value: txtValue(sso.domainToken) }
      : null,
    enforced: sso.enforced,
    defaultRole: sso.defaultRole,
  };
}
export type SsoSettings = ReturnType<typeof settingsJson>;

// GET /v1/teams/{teamId}/saml
export async function get(ctx: ServiceContext): Promise<SsoSettings> {
  const scope = await ownerScope(ctx);
  return settingsJson(ctx, scope, await db.getTeamSso(ctx.db, scope.teamId));
}

// PUT /v1/teams/{teamId}/saml/idp - metadata XML or a URL to fetch it from
export async function setIdp(ctx: ServiceContext, input: { metadataXml?: string; metadataUrl?: string }) {
  const scope = await ownerScope(ctx);
  if (!input.metadataXml === !input.metadataUrl)
    throw new db.DomainError('bad_request', 'Send either metadataXml or metadataUrl.');
  const xml =
    input.metadataXml ?? (await fetchIdpMetadata(input.metadataUrl!, ctx.options.allowPrivateHookAddresses ?? false));
  const idp = parseIdpMetadata(xml);
  const before = await db.getTeamSso(ctx.db, scope.teamId);
  const sso = await db.saveTeamIdp(ctx.db, scope.teamId, { ...idp, metadataUrl: input.metadataUrl ?? null });
  const meta = { entityId: sso.idpEntityId, ssoUrl: sso.idpSsoUrl, metadataUrl: sso.metadataUrl };
  const target = { type: 'sso', id: scope.teamId, name: sso.idpEntityId } as const;
  await audit(ctx, before ? 'sso.idp_changed' : 'sso.configured', target, meta, scope.teamId);
  return settingsJson(ctx, scope, sso);
}

// PATCH /v1/teams/{teamId}/saml - domain, default role, enforcement
export async function update(
  ctx: ServiceContext,
  input: { domain?: string | null; enforced?: boolean; defaultRole?: db.SsoRole },
): Promise<SsoSettings> {
  const scope = await ownerScope(ctx);
  const domain = input.domain == null ? input.domain : normalizeDomain(input.domain);
  if (domain === null && input.domain)
    throw new db.DomainError('bad_request', `"${input.domain}" is not a domain name, such as example.com.`);
  const current = await db.getTeamSso(ctx.db, scope.teamId);
  if (input.enforced && !(current?.domainVerifiedAt && (domain === undefined || domain === current.domain)))
    throw new db.DomainError('bad_request', 'Verify the e-mail domain before enforcing single sign-on.');
  const sso = await db.updateTeamSso(ctx.db, scope.teamId, { ...input, domain });
  const target = { type: 'team', id: scope.teamId, name: scope.slug } as const;
  const { enforced, ...settings } = { ...input, ...(input.domain !== undefined ? { domain } : {}) };
  if (Object.keys(settings).length || enforced === undefined)
    await audit(ctx, 'sso.updated', target, { fields: Object.keys(settings), ...settings }, scope.teamId);
  if (enforced !== undefined) await audit(ctx, 'sso.enforcement_changed', target, { enforced }, scope.teamId);
  return settingsJson(ctx, scope, sso);
}

// POST /v1/teams/{teamId}/saml/verify - looks up the TXT record now
export async function verifyDomain(ctx: ServiceContext): Promise<SsoSettings> {
  const scope = await ownerScope(ctx);
  const sso = await db.getTeamSso(ctx.db, scope.teamId);
  if (!sso?.domain) throw new db.DomainError('bad_request', 'Set the e-mail domain first.');
  if (!(await hasVerificationRecord(sso.domain, sso.domainToken, ctx.options.dns?.servers)))
    throw new db.DomainError(
      'bad_request',
      `No TXT record ${txtName(sso.domain)} with value ${txtValue(sso.domainToken)} was found. DNS changes can take a few minutes.`,
    );
  const verified = await db.markSsoDomainVerified(ctx.db, scope.teamId, sso.domain);
  await audit(ctx, 'sso.domain_verified', { type: 'sso', id: scope.teamId, name: sso.domain }, {}, scope.teamId);
  return settingsJson(ctx, scope, verified);
}

// DELETE /v1/teams/{teamId}/saml
export async function remove(ctx: ServiceContext): Promise<void> {
  const scope = await ownerScope(ctx);
  const sso = await db.getTeamSso(ctx.db, scope.teamId);
  await db.deleteTeamSso(ctx.db, scope.teamId);
  const target = { type: 'sso', id: scope.teamId, name: sso?.idpEntityId ?? null } as const;
  if (sso) await audit(ctx, 'sso.removed', target, { domain: sso.domain }, scope.teamId);
}
