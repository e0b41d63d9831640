// SAML single sign-on per team: the team's identity provider, the e-mail domain it vouches for,
// the requests Nimbus sent (so each answer is used once) and when a session last signed in through it.
import { boolean, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { sessions } from './accounts';
import { teams } from './teams';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** One identity provider per team; its certificate is public, so it is stored as given. */
export const teamSso = pgTable(
  'team_sso',
  {
    teamId: text('team_id')
      .primaryKey()
      .references(() => teams.id, { onDelete: 'cascade' }),
    idpEntityId: text('idp_entity_id').notNull(),
    idpSsoUrl: text('idp_sso_url').notNull(),
    idpCertificate: text('idp_certificate').notNull(),
    /** Where the metadata came from, when it was fetched rather than pasted. */
    metadataUrl: text('metadata_url'),
    /** The e-mail domain whose users this team signs in; proven by a TXT record holding `domainToken`. */
    domain: text('domain'),
    domainToken: text('domain_token').notNull(),
    domainVerifiedAt: ts('domain_verified_at'),
    enforced: boolean('enforced').notNull().default(false),
    defaultRole: text('default_role')
      .$type<'MEMBER' | 'DEVELOPER' | 'BILLING' | 'VIEWER'>()
      .notNull()
      .default('MEMBER'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('team_sso_domain_idx').on(t.domain)],
);

/** AuthnRequests waiting for their answer: an answer naming an unknown or used id is refused (replay). */
export const ssoRequests = pgTable(
  'sso_requests',
  {
    id: text('id').primaryKey(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /** What node-saml keeps for the id: the request's issue instant. */
    value: text('value').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('sso_requests_created_idx').on(t.createdAt)],
);

/** The last SSO sign-in of a browser session for a team: enforcement asks for a recent one. */
export const ssoLogins = pgTable(
  'sso_logins',
  {
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.teamId] })],
);
