// Sales leads: stored from the public contact forms, listed for staff. Input is already validated by
// the API schema; this layer only normalises and stores.

import { type LeadKind, sanitizeAttribution } from '@nimbus/core';
import { and, desc, eq, lt } from 'drizzle-orm';
import type { Db } from '../client';
import { newId } from '../ids';
import { leads } from '../schema';
import { normalizeEmail } from './accounts';

export type Lead = typeof leads.$inferSelect;
/** `attribution` is stored as `sanitizeAttribution` leaves it: only its known fields. */
export type NewLead = Omit<typeof leads.$inferInsert, 'id' | 'createdAt' | 'attribution'> & { attribution?: unknown };

export async function createLead(db: Db, input: NewLead): Promise<Lead> {
  const [lead] = await db
    .insert(leads)
    .values({
      ...input,
      id: newId('lead'),
      email: normalizeEmail(input.email),
      name: input.name.trim(),
      company: input.company.trim(),
      attribution: sanitizeAttribution(input.attribution),
    })
    .returning();
  return lead!;
}

/** Newest first; `until` (a creation time in ms) pages backwards. */
export async function listLeads(db: Db, opts: { kind?: LeadKind; limit: number; until?: number }): Promise<Lead[]> {
  const where = and(
    opts.kind ? eq(leads.kind, opts.kind) : undefined,
    opts.until ? lt(leads.createdAt, new Date(opts.until)) : undefined,
  );
  return db.select().from(leads).where(where).orderBy(desc(leads.createdAt)).limit(opts.limit);
}
