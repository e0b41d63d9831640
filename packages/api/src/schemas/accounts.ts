// Request and response schemas of users, sessions, tokens and device logins; they validate input
// and document the API. Replies are the shapes Vercel's clients expect (docs/vercel-compatibility.md).
import { z } from '@hono/zod-openapi';
import { AttributionSchema, key, pathParam, timestamp } from './common';

/** Long enough for any passphrase, short enough that hashing it stays cheap. */
const password = () => z.string().max(1024, 'At most 1024 characters.');

const ms = z.number().describe('Milliseconds since the epoch.');
const flags = z.record(z.string(), z.boolean());

export const BillingSchema = z
  .object({
    plan: z.enum(['hobby', 'pro', 'enterprise']),
    period: z.null(),
    trial: z.object({ start: ms.nullable(), end: ms.nullable() }).nullable().describe('The Pro trial, while it runs.'),
    cancelation: z.null(),
    addons: z.null(),
    status: z.enum(['active', 'trialing']),
    platform: z.enum(['stripe', 'stripe_test']),
    planIteration: z.string(),
    frozenTime: ms
      .nullable()
      .describe('When Nimbus staff froze the account: its deployments serve a notice instead of their files.'),
  })
  .openapi('Billing');

export const UserSchema = z
  .object({
    id: z.string(),
    uid: z.string(),
    email: z.string(),
    name: z.string().nullable(),
    username: z.string(),
    avatar: z.string().describe('Path of the generated avatar.'),
    defaultTeamId: z.string().nullable(),
    version: z.literal('northstar'),
    createdAt: ms,
    date: ms.nullable(),
    softBlock: z.null(),
    billing: BillingSchema.nullable().describe('Billing of the personal account.'),
    resourceConfig: z.object({}),
    stagingPrefix: z.string(),
    hasTrialAvailable: z.boolean(),
    flags,
  })
  .openapi('User');

export const UserReply = z.object({ user: UserSchema }).openapi('UserReply');

export const SessionReply = z
  .object({ user: UserSchema, flags: flags.describe('Feature flags; `staff` for members of the staff team.') })
  .openapi('Session');

const newPassword = password().describe(
  '8 to 256 characters, not easy to guess: not common, not a pattern, not your e-mail.',
);

export const RegistrationBody = z
  .object({
    email: key().describe('The e-mail you log in with.'),
    password: newPassword,
    name: key().nullish().describe('Your name, shown to your team.'),
    attribution: AttributionSchema.nullish().describe('The campaign the visitor arrived from, kept on the user.'),
  })
  .openapi('Registration');

export const RegistrationPending = z
  .object({
    pending: z.literal(true),
    message: z.string().describe('What to do next: open the link mailed to the address.'),
  })
  .openapi('RegistrationPending');

export const RegistrationConfirm = z
  .object({ token: key().describe('The secret from the sign-up link.') })
  .openapi('RegistrationConfirm');

export const LoginBody = z.object({ email: key(), password: password() }).openapi('Login');

export const LoginChallenge = z
  .object({
    mfaRequired: z.literal(true),
    ticket: z.string().describe('Send it with a code to POST /auth/login/two-factor within five minutes.'),
  })
  .openapi('LoginChallenge');

export const LoginSecondFactorBody = z
  .object({
    ticket: key().describe('The ticket from POST /auth/login.'),
    code: key().describe('The 6-digit code of your authenticator app, or one of your recovery codes.'),
  })
  .openapi('LoginSecondFactor');

export const UserPatch = z
  .object({
    name: key().nullish(),
    username: key()
      .optional()
      .describe('Lowercase letters, digits and dashes; unique. The personal team keeps its slug.'),
    defaultTeamId: key().optional().describe('Team id or slug to open after login.'),
  })
  .openapi('UserPatch');

export const AccountDeletion = z
  .object({
    confirm: key().describe('Your username, typed to confirm.'),
    handover: z
      .record(key(), key())
      .optional()
      .describe('Team id → member id: who becomes owner of each team only you own. Teams not listed are deleted.'),
    reasons: z.array(z.object({ slug: key(), description: key() })).optional(),
  })
  .openapi('AccountDeletion');

export const AccountDeleted = z
  .object({ id: z.string(), email: z.string(), message: z.string() })
  .openapi('AccountDeleted');

export const DeletionPlan = z
  .object({
    teams: z.array(
      z.object({
        id: z.string(),
        slug: z.string(),
        name: z.string().nullable(),
        members: z.array(z.object({ id: z.string(), username: z.string() })),
      }),
    ),
  })
  .openapi('DeletionPlan');

export const AvatarReply = z.object({ avatar: z.string().describe('The URL path of the avatar.') }).openapi('Avatar');

const TokenScope = z.union([
  z.object({ type: z.literal('team'), teamId: z.string(), origin: z.string(), createdAt: ms }),
  z.object({ type: z.literal('user'), origin: z.string(), createdAt: ms }),
]);

export const TokenSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    type: z.literal('oauth2-token'),
    origin: z.string().describe('manual, or device for tokens made by `nimbus login`.'),
    prefix: z.string().describe('The first characters of the bearer value, to recognise it.'),
    scopes: z.array(TokenScope),
    expiresAt: ms.optional(),
    activeAt: ms,
    lastUsedAt: ms.nullable(),
    createdAt: ms,
    teamId: z.string().nullable().describe('The one team the token may act for; null for all of yours.'),
  })
  .openapi('AuthToken');

export const TokenCreate = z
  .object({
    name: key().describe('What the token is for, e.g. "CI".'),
    expiresAt: timestamp().optional().describe('Expiry as a millisecond timestamp.'),
    teamId: key().optional().describe('Limit the token to this team.'),
  })
  .openapi('TokenCreate');

export const TokenIdParam = z.object({
  id: pathParam('id', 'A token id, or "current".'),
});

export const PasswordChange = z.object({ currentPassword: password(), newPassword }).openapi('PasswordChange');

export const ResetRequest = z.object({ email: key().describe('The e-mail of the account.') }).openapi('ResetRequest');

export const ResetConfirm = z
  .object({ token: key().describe('The secret from the reset link.'), password: newPassword })
  .openapi('ResetConfirm');

export const Ok = z.object({ ok: z.literal(true) }).openapi('Ok');

export const SessionSchema = z
  .object({
    id: z.string(),
    userAgent: z.string().nullable().describe('The browser that logged in.'),
    ip: z.string().nullable().describe('The address it logged in from.'),
    createdAt: ms,
    lastSeenAt: ms.describe('Noted at most once a minute.'),
    current: z.boolean().describe('The session making this call.'),
  })
  .openapi('BrowserSession');

export const SessionIdParam = z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' } }) });
