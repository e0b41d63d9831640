// Request and response schemas of users, sessions and tokens; they validate input and document the API.
import { z } from '@hono/zod-openapi';

export const UserSchema = z
  .object({
    id: z.string(),
    uid: z.string(),
    email: z.string(),
    name: z.string().nullable(),
    username: z.string(),
    defaultTeamId: z.string().nullable(),
    version: z.literal('northstar'),
    createdAt: z.number(),
  })
  .passthrough()
  .openapi('User');

export const RegistrationBody = z
  .object({
    email: z.string().describe('The e-mail you log in with.'),
    password: z.string().describe('At least 8 characters.'),
    name: z.string().nullish().describe('Your name, shown to your team.'),
  })
  .openapi('Registration');

export const LoginBody = z.object({ email: z.string(), password: z.string() }).openapi('Login');

export const UserPatch = z
  .object({
    name: z.string().nullish(),
    defaultTeamId: z.string().optional().describe('Team id or slug to open after login.'),
  })
  .openapi('UserPatch');

export const TokenSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    type: z.string(),
    origin: z.string(),
    createdAt: z.number(),
    activeAt: z.number(),
  })
  .passthrough()
  .openapi('AuthToken');

export const TokenCreate = z
  .object({
    name: z.string().describe('What the token is for, e.g. "CI".'),
    expiresAt: z.number().optional().describe('Expiry as a millisecond timestamp.'),
    teamId: z.string().optional().describe('Limit the token to this team.'),
  })
  .openapi('TokenCreate');
