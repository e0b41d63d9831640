// Who a person is and how they prove it: users, browser sessions, API tokens and login throttling.
import type { Attribution } from '@nimbus/core';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    username: text('username').notNull(),
    name: text('name'),
    passwordHash: text('password_hash').notNull(),
    defaultTeamId: text('default_team_id'),
    version: text('version').notNull().default('northstar'),
    flags: jsonb('flags').$type<Record<string, boolean>>().notNull().default({}),
    /** SHA-1 of the uploaded avatar in the file store (a resized WebP); null shows the generated one. */
    avatarDigest: text('avatar_digest'),
    /**
     * The TOTP secret, sealed like env values (AES-256-GCM under NIMBUS_SECRET). Written by setup and
     * in force only once a code confirmed it (`totpEnabledAt`); `totpLastStep` is the time step of
     * the last accepted code, so one code never works twice.
     */
    totpSecret: text('totp_secret'),
    totpEnabledAt: ts('totp_enabled_at'),
    totpLastStep: integer('totp_last_step'),
    /** The campaign the user arrived from (UTM set, gclid, first referrer, landing page), sent with the sign-up. */
    attribution: jsonb('attribution').$type<Attribution>(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email), uniqueIndex('users_username_key').on(t.username)],
);

/** Two-factor recovery codes: shown once, stored as SHA-256, deleted when used. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);

/** Browser sessions: only the SHA-256 of the cookie value is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    /** What the account page shows to tell sessions apart: the browser's User-Agent and address at login. */
    userAgent: text('user_agent'),
    ip: text('ip'),
    /** Noted at most once a minute (accounts.ts), so reads stay reads. */
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** API tokens (`nmb_...`): shown once, stored as SHA-256, optionally limited to one team. */
export const tokens = pgTable(
  'tokens',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    prefix: text('prefix').notNull(),
    teamId: text('team_id'),
    origin: text('origin').notNull().default('manual'),
    expiresAt: ts('expires_at'),
    lastUsedAt: ts('last_used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('tokens_token_hash_key').on(t.tokenHash), index('tokens_user_idx').on(t.userId)],
);

/**
 * Counters shared by every process, so throttles hold behind a load balancer: fixed windows for
 * sign-ups and forms, failure counts for logins (`updated_at` is the last failure). A row past
 * `expires_at` counts as absent and is deleted by the next write (queries/rate-limits.ts).
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    windowStart: ts('window_start').notNull(),
    count: integer('count').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull().defaultNow(),
  },
  (t) => [index('rate_limits_expires_idx').on(t.expiresAt)],
);

/** Password reset links: single use, short-lived, only the SHA-256 of the secret is stored. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [
    uniqueIndex('password_resets_token_hash_key').on(t.tokenHash),
    index('password_resets_user_idx').on(t.userId),
  ],
);

/**
 * Sign-ups waiting for their address to be confirmed (when Nimbus can send mail): what the account
 * will be made of, with the password already hashed. One row per address, replaced by a new
 * sign-up; only the SHA-256 of the link's secret is stored. Expired rows are deleted by the next sign-up.
 */
export const pendingSignups = pgTable(
  'pending_signups',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name'),
    passwordHash: text('password_hash').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** Carried to the user the confirmed sign-up makes. */
    attribution: jsonb('attribution').$type<Attribution>(),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [
    uniqueIndex('pending_signups_email_key').on(t.email),
    uniqueIndex('pending_signups_token_hash_key').on(t.tokenHash),
    index('pending_signups_expires_idx').on(t.expiresAt),
  ],
);

/** A user's row: the type queries take and return. */
export type User = typeof users.$inferSelect;
