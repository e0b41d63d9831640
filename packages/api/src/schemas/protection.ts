// Request and response shapes of deployment protection, with Vercel's names so @vercel/sdk's
// updateProject and updateProjectProtectionBypass work unchanged.
import { z } from '@hono/zod-openapi';
import { PROTECTION_DEPLOYMENT_TYPES } from '@nimbus/core';

const deploymentType = z
  .enum(PROTECTION_DEPLOYMENT_TYPES)
  .describe(
    'preview: preview deployments; prod_deployment_urls_and_all_previews: also every deployment URL, only the production host stays public; all: every host.',
  );

export const SsoProtectionInput = z
  .object({ deploymentType: deploymentType.default('preview') })
  .nullable()
  .optional()
  .describe('Nimbus Authentication: only members of the team may open covered deployments. null turns it off.');

export const PasswordProtectionInput = z
  .object({
    deploymentType: deploymentType.default('preview'),
    password: z
      .string()
      .min(1)
      .max(256)
      .nullish()
      .describe('Needed when turning it on; leave out to keep the current one. Stored as an Argon2id hash.'),
  })
  .nullable()
  .optional()
  .describe('Password protection: visitors enter the password once per host. null turns it off.');

export const ProtectionFields = {
  ssoProtection: z.object({ deploymentType: z.enum(PROTECTION_DEPLOYMENT_TYPES) }).nullable(),
  passwordProtection: z.object({ deploymentType: z.enum(PROTECTION_DEPLOYMENT_TYPES) }).nullable(),
};

const BypassEntry = z.object({
  createdAt: z.number(),
  createdBy: z.string(),
  scope: z.literal('automation-bypass'),
  note: z.string().optional(),
});

export const ProtectionBypassMap = z
  .record(z.string(), BypassEntry)
  .describe('Automation bypass secrets, keyed by the secret: send one as x-vercel-protection-bypass.');

const secret = z
  .string()
  .regex(/^[A-Za-z0-9]{32}$/, 'A bypass secret is 32 letters and digits.')
  .describe('32 letters and digits.');

export const ProtectionBypassPatch = z
  .object({
    generate: z
      .object({ secret: secret.optional(), note: z.string().max(200).optional() })
      .optional()
      .describe('Adds a secret: the one given, or a new random one.'),
    revoke: z
      .object({ secret, regenerate: z.boolean().default(false) })
      .optional()
      .describe('Removes a secret; with regenerate, a new one replaces it (rotation).'),
    update: z
      .object({ secret, note: z.string().max(200).optional(), isEnvVar: z.boolean().optional() })
      .optional()
      .describe("Changes a secret's note."),
  })
  .openapi('ProtectionBypassPatch');

export const ProtectionBypassReply = z
  .object({ protectionBypass: ProtectionBypassMap })
  .openapi('ProtectionBypassReply');

export const DeploymentAuthQuery = z.object({
  url: z.string().max(4096).describe('The protected deployment URL to return to.'),
});
