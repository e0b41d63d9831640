// Custom domains. A team domain is an apex (`example.com`) a team claims; it is verified by a TXT
// record holding that team's own token, and only one team holds a verified name at a time. A project
// domain is a name under a team domain (`www.example.com`, or the apex itself) that serves the
// project's production deployment, or redirects to another of its domains; it is served only while
// the team's domain for its apex is verified. Custom aliases (`alias set`) are `aliases` rows.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { projects } from './projects';
import { teams } from './teams';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** What the last DNS look-up saw (packages/engine/src/dns): shown to people, drives the recheck. */
export interface DomainCheckResult {
  /** The TXT values at `_nimbus.<apex>`. */
  txt: string[];
  a: string[];
  aaaa: string[];
  cname: string[];
  /** How the name points at Nimbus, or null when it does not. */
  configuredBy: 'A' | 'CNAME' | null;
  /** A look-up that failed for another reason than "no such record" (timeout, SERVFAIL). */
  error: string | null;
}

export const domains = pgTable(
  'domains',
  {
    id: text('id').primaryKey(),
    /** The apex, lowercase punycode. */
    name: text('name').notNull(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    creatorId: text('creator_id'),
    /** This team's proof: `_nimbus.<name>` TXT `nimbus-domain-verify=<token>`. Another team's never counts. */
    verificationToken: text('verification_token').notNull(),
    verified: boolean('verified').notNull().default(false),
    verifiedAt: ts('verified_at'),
    lastCheck: jsonb('last_check').$type<DomainCheckResult>(),
    checkedAt: ts('checked_at'),
    /** When the background recheck looks again; failures back off, verified domains wait longer. */
    nextCheckAt: ts('next_check_at').notNull().defaultNow(),
    failedChecks: integer('failed_checks').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('domains_team_name_key').on(t.teamId, t.name),
    uniqueIndex('domains_verified_name_key').on(t.name).where(sql`${t.verified}`),
    index('domains_next_check_idx').on(t.nextCheckAt),
  ],
);

export const projectDomains = pgTable(
  'project_domains',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /** The full name, lowercase punycode. */
    name: text('name').notNull(),
    apexName: text('apex_name').notNull(),
    /** Another domain of the same project this one redirects to (`www` → apex), or null to serve. */
    redirect: text('redirect'),
    redirectStatusCode: integer('redirect_status_code'),
    /** Stored for Vercel's shape; Nimbus has no git deployments yet, so such a domain serves production. */
    gitBranch: text('git_branch'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('project_domains_team_name_key').on(t.teamId, t.name),
    index('project_domains_name_idx').on(t.name),
    index('project_domains_project_idx').on(t.projectId),
  ],
);
