// SAML single sign-on: the start query, the IdP's POST to the ACS and a team's settings.
import { z } from '@hono/zod-openapi';
import { key } from './common';

export const SsoStartQuery = z.object({
  teamId: key().optional().describe('The team to sign in to, by id.'),
  slug: key().optional().describe('The team to sign in to, by slug.'),
  email: key().optional().describe('Find the team by the verified domain of this e-mail address instead.'),
  next: z.string().max(2048).optional().describe('The Nimbus path to return to after signing in.'),
});

export const SsoAcsForm = z.object({
  SAMLResponse: z.string().min(1).max(64_000).describe('The base64 SAML response the identity provider posts.'),
  RelayState: z.string().max(2048).optional().describe('The path to return to, as sent with the request.'),
});

export const SsoCompleteQuery = z.object({
  ticket: z.string().min(1).max(200).describe('The one-use ticket the ACS redirected with.'),
});

export const SsoIdpInput = z
  .object({
    metadataXml: z.string().max(1_000_000).optional().describe("The identity provider's SAML metadata, pasted."),
    metadataUrl: z.string().max(2048).optional().describe('A URL Nimbus fetches the metadata from (10 s, 1 MB).'),
  })
  .openapi('SamlIdpInput');

export const SsoPatch = z
  .object({
    domain: z.string().max(253).nullable().optional().describe('The e-mail domain the identity provider vouches for.'),
    enforced: z.boolean().optional().describe('Members need a recent SSO sign-in; owners may still use a password.'),
    defaultRole: z
      .enum(['MEMBER', 'DEVELOPER', 'BILLING', 'VIEWER'])
      .optional()
      .describe('Role of people who join through SSO.'),
  })
  .openapi('SamlPatch');

const ServiceProvider = z.object({ entityId: z.string(), acsUrl: z.string(), metadataUrl: z.string() });

export const SsoSettingsSchema = z
  .object({
    configured: z.boolean(),
    serviceProvider: ServiceProvider,
    identityProvider: z
      .object({
        entityId: z.string(),
        ssoUrl: z.string(),
        metadataUrl: z.string().nullable(),
        certificateFingerprint: z.string(),
        certificateExpiresAt: z.number(),
      })
      .nullable(),
    domain: z.string().nullable(),
    domainVerified: z.boolean(),
    verificationRecord: z.object({ type: z.string(), name: z.string(), value: z.string() }).nullable(),
    enforced: z.boolean(),
    defaultRole: z.string(),
  })
  .openapi('SamlSettings');
