// Feature flags, their exposures and client error reports (docs/spec.md §7, §8): staff write flags,
// every signed-in caller reads them to be evaluated, browsers add exposures and errors.
import { redactProperties } from '@nimbus/core';
import { count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { DomainError } from '../errors';
import { newId } from '../ids';
import { clientErrors, featureFlags, flagExposures } from '../schema';

export type FeatureFlag = typeof featureFlags.$inferSelect;
export type ClientError = typeof clientErrors.$inferSelect;
type FlagFields = Pick<FeatureFlag, 'description' | 'enabled' | 'rolloutPercentage' | 'overrides'>;

export function listFlags(db: Db): Promise<FeatureFlag[]> {
  return db.select().from(featureFlags).orderBy(featureFlags.key);
}

export async function createFlag(db: Db, input: { key: string } & Partial<FlagFields>): Promise<FeatureFlag> {
  const [row] = await db.insert(featureFlags).values(input).onConflictDoNothing().returning();
  if (!row) throw new DomainError('conflict', `A flag with the key "${input.key}" already exists.`);
  return row;
}

export async function updateFlag(db: Db, key: string, input: Partial<FlagFields>): Promise<FeatureFlag> {
  const [row] = await db
    .update(featureFlags)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(featureFlags.key, key))
    .returning();
  if (!row) throw new DomainError('not_found', `No flag has the key "${key}".`);
  return row;
}

export async function deleteFlag(db: Db, key: string): Promise<void> {
  const rows = await db.delete(featureFlags).where(eq(featureFlags.key, key)).returning({ key: featureFlags.key });
  if (rows.length === 0) throw new DomainError('not_found', `No flag has the key "${key}".`);
}

export async function recordExposures(
  db: Db,
  exposures: { flagKey: string; variant: string; userId: string | null; teamId: string | null }[],
): Promise<void> {
  if (exposures.length === 0) return;
  await db.insert(flagExposures).values(exposures.map((e) => ({ id: newId('exp'), ...e })));
}

/** How many exposures each flag and variant has had. */
export function countExposures(db: Db): Promise<{ flagKey: string; variant: string; count: number }[]> {
  return db
    .select({ flagKey: flagExposures.flagKey, variant: flagExposures.variant, count: count() })
    .from(flagExposures)
    .groupBy(flagExposures.flagKey, flagExposures.variant)
    .orderBy(flagExposures.flagKey, flagExposures.variant);
}

export async function recordClientError(
  db: Db,
  input: Omit<typeof clientErrors.$inferInsert, 'id' | 'createdAt'>,
): Promise<ClientError> {
  const values = { ...input, id: newId('cerr'), properties: redactProperties(input.properties ?? {}) };
  const [row] = await db.insert(clientErrors).values(values).returning();
  return row!;
}

/** Newest first. */
export function listClientErrors(db: Db, limit: number): Promise<ClientError[]> {
  return db
    .select()
    .from(clientErrors)
    .orderBy(desc(clientErrors.createdAt), desc(sql`${clientErrors.id}`))
    .limit(limit);
}
