// Request and response schemas of the caller's two-factor authentication (services/two-factor.ts).
import { z } from '@hono/zod-openapi';
import { key } from './common';

export const TwoFactorStatus = z
  .object({
    enabled: z.boolean(),
    enabledAt: z.number().nullable().describe('When it was turned on, in milliseconds since the epoch.'),
    recoveryCodesLeft: z.number().describe('Recovery codes not used yet.'),
  })
  .openapi('TwoFactorStatus');

export const TwoFactorSetup = z
  .object({
    secret: z.string().describe('The key to type into an authenticator app (Base32).'),
    uri: z.string().describe('The otpauth:// URI the QR code holds.'),
    qrCode: z.string().describe('The QR code as an SVG data URL.'),
  })
  .openapi('TwoFactorSetup');

export const TwoFactorCode = z
  .object({ code: key().describe('The 6-digit code the authenticator app shows now.') })
  .openapi('TwoFactorCode');

export const TwoFactorProof = z
  .object({
    password: z.string().max(1024, 'At most 1024 characters.').optional().describe('Your password.'),
    code: key().optional().describe('A current 6-digit code, or a recovery code.'),
  })
  .openapi('TwoFactorProof');

export const RecoveryCodes = z
  .object({ recoveryCodes: z.array(z.string()).describe('Shown once: keep them somewhere safe. Each works once.') })
  .openapi('RecoveryCodes');

export const TwoFactorEnabled = RecoveryCodes.extend({ enabled: z.literal(true) }).openapi('TwoFactorEnabled');

export const TwoFactorDisabled = z.object({ enabled: z.literal(false) }).openapi('TwoFactorDisabled');
