// The daily salt of Web Analytics visitor hashes (docs/architecture.md "Web Analytics"): one random
// value per UTC day, shared by every process through this table, and deleted once its day is over,
// so yesterday's hashes can no longer be recomputed from an IP address and user agent.
import { date, pgTable, text } from 'drizzle-orm/pg-core';

export const webAnalyticsSalts = pgTable('web_analytics_salts', {
  day: date('day', { mode: 'string' }).primaryKey(),
  /** 32 random bytes, hex. */
  salt: text('salt').notNull(),
});
