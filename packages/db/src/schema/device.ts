// Device authorization (RFC 8628) for `nimbus login`: the CLI holds a secret device code, the person
// approves the short user code in the dashboard. Only the SHA-256 of the device code is stored.
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { teams } from './teams';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export type DeviceCodeStatus = 'pending' | 'approved' | 'denied' | 'consumed';

export const deviceCodes = pgTable(
  'device_codes',
  {
    id: text('id').primaryKey(),
    deviceCodeHash: text('device_code_hash').notNull(),
    /** `ABCD-EFGH`, typed or compared by a person, from an alphabet without look-alike characters. */
    userCode: text('user_code').notNull(),
    status: text('status').$type<DeviceCodeStatus>().notNull().default('pending'),
    /** The machine that asked, shown on the approval page and used in the token's name. */
    clientName: text('client_name').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The team the approver chose; the CLI starts with it as the current team. */
    teamId: text('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    /** Seconds the CLI must wait between polls; raised by 5 on each `slow_down`. */
    interval: integer('interval').notNull().default(5),
    lastPolledAt: ts('last_polled_at'),
    expiresAt: ts('expires_at').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('device_codes_hash_key').on(t.deviceCodeHash),
    uniqueIndex('device_codes_user_code_key').on(t.userCode),
    index('device_codes_expires_idx').on(t.expiresAt),
  ],
);
