// Teams, who belongs to them with which role, and pending invitations.
import { boolean, index, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const teams = pgTable(
  'teams',
  {
    id: text('id').primaryKey(),
    slug: text('slug').notNull(),
    name: text('name'),
    /** The personal team every user gets; it cannot be deleted or left. */
    personal: boolean('personal').notNull().default(false),
    plan: text('plan').$type<'hobby' | 'pro' | 'enterprise'>().notNull().default('hobby'),
    planStartedAt: ts('plan_started_at').notNull().defaultNow(),
    billingStatus: text('billing_status').$type<'active' | 'trialing'>().notNull().default('active'),
    trialStart: ts('trial_start'),
    trialEnd: ts('trial_end'),
    hadTrial: boolean('had_trial').notNull().default(false),
    billingPlatform: text('billing_platform').$type<'stripe' | 'stripe_test'>().notNull().default('stripe_test'),
    flags: jsonb('flags').$type<Record<string, boolean>>().notNull().default({}),
    /** Owners require every member to use two-factor authentication (services/context.ts refuses the rest). */
    mfaEnforced: boolean('mfa_enforced').notNull().default(false),
    /** Usage past the plan (Hobby): the metrics that limit the team (`limited`, `limitedBy` in the team JSON). */
    limitedBy: jsonb('limited_by').$type<string[]>().notNull().default([]),
    /** Staff froze the account (`frozenTime`): its deployments serve a notice instead of their files. */
    frozenAt: ts('frozen_at'),
    /** Spend management paused production at 100% of the budget, until an owner resumes it. */
    productionPausedAt: ts('production_paused_at'),
    /**
     * The team's own number, from a sequence (never reused): its builds and functions run as host uid
     * NIMBUS_SANDBOX_UID_BASE + this (packages/engine/src/sandbox/host-user.ts), no other team's.
     */
    sandboxUid: serial('sandbox_uid').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('teams_slug_key').on(t.slug), uniqueIndex('teams_sandbox_uid_key').on(t.sandboxUid)],
);

export const memberships = pgTable(
  'memberships',
  {
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<'OWNER' | 'MEMBER' | 'DEVELOPER' | 'BILLING' | 'VIEWER'>().notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.userId] }), index('memberships_user_idx').on(t.userId)],
);

/** Invitations are accepted by a link holding a secret; only its SHA-256 is stored. */
export const invitations = pgTable(
  'invitations',
  {
    id: text('id').primaryKey(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role').$type<'OWNER' | 'MEMBER' | 'DEVELOPER' | 'BILLING' | 'VIEWER'>().notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    acceptedAt: ts('accepted_at'),
  },
  (t) => [uniqueIndex('invitations_token_hash_key').on(t.tokenHash), index('invitations_team_idx').on(t.teamId)],
);

/** Outgoing mail: sent through SMTP when configured, otherwise kept here for the sender to copy links from. */
export const outbox = pgTable('outbox', {
  id: text('id').primaryKey(),
  teamId: text('team_id').references(() => teams.id, { onDelete: 'cascade' }),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  link: text('link'),
  createdAt: ts('created_at').notNull().defaultNow(),
  sentAt: ts('sent_at'),
});

/** A team's row: the type queries take and return. */
export type Team = typeof teams.$inferSelect;
