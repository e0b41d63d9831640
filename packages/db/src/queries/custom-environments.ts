// Custom environments of a project (Vercel's `/v9/projects/{p}/custom-environments`): targets beside
// production and preview, each with its own variables and an optional branch rule. A deployment to
// one is a preview built with that environment's variables only.
import { ENV_TARGETS } from '@nimbus/core';
import { and, eq, or } from 'drizzle-orm';
import type { Db } from '../client';
import { DomainError, notFound } from '../errors';
import { newId } from '../ids';
import { type BranchMatcher, customEnvironments, type EnvTarget, envVars } from '../schema';
import { type Cipher, checkKey, checkType, checkValue, type EnvInput, type EnvVar, listEnvVars } from './env';

export type CustomEnvironment = typeof customEnvironments.$inferSelect;
export type { BranchMatcher };

const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,30}[a-z0-9])?$/;

export async function listCustomEnvironments(db: Db, projectId: string): Promise<CustomEnvironment[]> {
  return db
    .select()
    .from(customEnvironments)
    .where(eq(customEnvironments.projectId, projectId))
    .orderBy(customEnvironments.slug);
}

/** By slug or id; null when the project has none of that name. */
export async function findCustomEnvironment(db: Db, projectId: string, slugOrId: string) {
  const [row] = await db
    .select()
    .from(customEnvironments)
    .where(
      and(
        eq(customEnvironments.projectId, projectId),
        or(eq(customEnvironments.slug, slugOrId), eq(customEnvironments.id, slugOrId)),
      ),
    );
  return row ?? null;
}

export async function getCustomEnvironment(db: Db, projectId: string, slugOrId: string) {
  const row = await findCustomEnvironment(db, projectId, slugOrId);
  if (!row) throw notFound(`The environment "${slugOrId}"`);
  return row;
}

export async function createCustomEnvironment(
  db: Db,
  input: { projectId: string; slug: string; description?: string; branchMatcher?: BranchMatcher | null },
): Promise<CustomEnvironment> {
  const slug = input.slug.trim().toLowerCase();
  if (!SLUG.test(slug))
    throw new DomainError(
      'bad_request',
      `"${input.slug}" is not a valid environment name: use up to 32 lowercase letters, digits and -.`,
    );
  if ((ENV_TARGETS as readonly string[]).includes(slug))
    throw new DomainError('bad_request', `"${slug}" is a standard environment; pick another name.`);
  if (await findCustomEnvironment(db, input.projectId, slug))
    throw new DomainError('conflict', `The project already has an environment named "${slug}".`);
  const [row] = await db
    .insert(customEnvironments)
    .values({
      id: newId('cenv'),
      projectId: input.projectId,
      slug,
      description: input.description ?? '',
      branchMatcher: input.branchMatcher ?? null,
    })
    .returning();
  return row!;
}

/** Deletes the environment and its own variables; shared variables only lose it. */
export async function deleteCustomEnvironment(db: Db, projectId: string, slugOrId: string) {
  const environment = await getCustomEnvironment(db, projectId, slugOrId);
  await db.transaction(async (tx) => {
    const vars = await tx.select().from(envVars).where(eq(envVars.projectId, projectId));
    for (const v of vars.filter((x) => x.customEnvironmentIds.includes(environment.id))) {
      const rest = v.customEnvironmentIds.filter((id) => id !== environment.id);
      if (!rest.length && !v.targets.length) await tx.delete(envVars).where(eq(envVars.id, v.id));
      else await tx.update(envVars).set({ customEnvironmentIds: rest }).where(eq(envVars.id, v.id));
    }
    await tx.delete(customEnvironments).where(eq(customEnvironments.id, environment.id));
  });
  return environment;
}

/** Variables for custom environments (and standard targets, if listed), all or none. */
export async function createCustomEnvVars(
  db: Db,
  cipher: Cipher,
  input: { projectId: string; userId: string; items: (EnvInput & { customEnvironmentIds: string[] })[] },
): Promise<EnvVar[]> {
  const existing = await listEnvVars(db, input.projectId);
  const rows: (typeof envVars.$inferInsert)[] = [];
  for (const item of input.items) {
    const key = checkKey(item.key ?? '');
    const ids: string[] = [];
    for (const ref of item.customEnvironmentIds) ids.push((await getCustomEnvironment(db, input.projectId, ref)).id);
    const targets = (Array.isArray(item.target) ? item.target : item.target ? [item.target] : []) as EnvTarget[];
    const bad = targets.find((t) => !(ENV_TARGETS as readonly string[]).includes(t));
    if (bad) throw new DomainError('bad_request', `"${bad}" is not a target; use ${ENV_TARGETS.join(', ')}.`);
    const clash = [...existing, ...(rows as EnvVar[])].find(
      (v) => v.key === key && (v.customEnvironmentIds ?? []).some((id) => ids.includes(id)),
    );
    if (clash) throw new DomainError('conflict', `${key} already exists in this environment. Edit that variable.`);
    rows.push({
      id: newId('env'),
      projectId: input.projectId,
      key,
      valueEncrypted: cipher.encrypt(checkValue(item.value)),
      targets,
      customEnvironmentIds: ids,
      type: checkType(item.type),
      comment: item.comment ?? null,
      createdBy: input.userId,
    });
  }
  return db.insert(envVars).values(rows).returning();
}

/** The decrypted variables a build in this custom environment gets. */
export async function envForCustomEnvironment(db: Db, cipher: Cipher, projectId: string, environmentId: string) {
  const env: Record<string, string> = {};
  for (const v of await listEnvVars(db, projectId))
    if (v.customEnvironmentIds.includes(environmentId)) env[v.key] = cipher.decrypt(v.valueEncrypted);
  return env;
}
