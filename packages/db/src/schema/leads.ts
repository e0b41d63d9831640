// Sales leads from /contact and /contact/sales/demo. Only staff read them (GET /api/v1/leads).

import type { Attribution, CompanySize, LeadKind } from '@nimbus/core';
import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const leads = pgTable(
  'leads',
  {
    id: text('id').primaryKey(),
    kind: text('kind').$type<LeadKind>().notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    company: text('company').notNull(),
    companySize: text('company_size').$type<CompanySize>().notNull(),
    message: text('message').notNull().default(''),
    /** The page the form was sent from, for attribution. */
    sourcePath: text('source_path'),
    /** The campaign the visitor arrived from (UTM set, gclid, first referrer, landing page). */
    attribution: jsonb('attribution').$type<Attribution>(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('leads_created_idx').on(t.createdAt)],
);
