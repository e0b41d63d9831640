// Environment variables of a project, per target. Values are sealed by a Cipher the engine provides
// (AES-256-GCM under a key derived from NIMBUS_SECRET): this layer never sees the key and never logs values.
// A "sensitive" variable is write-only: only builds get its value, and it cannot change to another type.
import { ENV_TARGETS } from '@nimbus/core';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../client';
import { DomainError, notFound } from '../errors';
import { newId } from '../ids';
import { type EnvTarget, envVars } from '../schema';

export type EnvVar = typeof envVars.$inferSelect;
export type EnvType = EnvVar['type'];

export interface Cipher {
  encrypt(plain: string): string;
  decrypt(sealed: string): string;
}

const KEY = /^[A-Za-z_][A-Za-z0-9_]{0,255}$/;

export function checkKey(key: string): string {
  if (!KEY.test(key))
    throw new DomainError(
      'bad_request',
      `"${key}" is not a valid key: use letters, digits and _, not starting with a digit.`,
    );
  return key;
}
const VALUE_MAX = 64 * 1024;

export interface EnvInput {
  key?: string;
  value?: string;
  target?: string | string[];
  type?: string;
  comment?: string | null;
}

function checkTargets(target: string | string[] | undefined): EnvTarget[] {
  const list = [...new Set(Array.isArray(target) ? target : target ? [target] : [])];
  if (!list.length) throw new DomainError('bad_request', `target must list at least one of ${ENV_TARGETS.join(', ')}.`);
  const bad = list.find((t) => !(ENV_TARGETS as readonly string[]).includes(t));
  if (bad) throw new DomainError('bad_request', `"${bad}" is not a target; use ${ENV_TARGETS.join(', ')}.`);
  return list as EnvTarget[];
}

export function checkType(type: string | undefined): EnvType {
  if (type === undefined || type === 'encrypted' || type === 'plain' || type === 'sensitive')
    return type ?? 'encrypted';
  throw new DomainError('bad_request', 'type must be encrypted, plain or sensitive.');
}

export function checkValue(value: unknown): string {
  if (typeof value !== 'string') throw new DomainError('bad_request', 'value must be a string.');
  if (Buffer.byteLength(value) > VALUE_MAX) throw new DomainError('bad_request', 'Values are at most 64 KB.');
  return value;
}

async function checkOverlap(db: Db, projectId: string, key: string, targets: EnvTarget[], exceptId?: string) {
  const same = await db
    .select()
    .from(envVars)
    .where(and(eq(envVars.projectId, projectId), eq(envVars.key, key)));
  const clash = same.find((v) => v.id !== exceptId && v.targets.some((t) => targets.includes(t)));
  if (clash) {
    const shared = clash.targets.filter((t) => targets.includes(t)).join(', ');
    throw new DomainError(
      'conflict',
      `${key} already exists for ${shared}. Edit that variable, or pick other targets.`,
    );
  }
}

export async function listEnvVars(db: Db, projectId: string): Promise<EnvVar[]> {
  return db.select().from(envVars).where(eq(envVars.projectId, projectId)).orderBy(envVars.key, envVars.createdAt);
}

export async function getEnvVar(db: Db, projectId: string, id: string): Promise<EnvVar> {
  const [row] = await db
    .select()
    .from(envVars)
    .where(and(eq(envVars.projectId, projectId), eq(envVars.id, id)));
  if (!row) throw notFound(`The environment variable "${id}"`);
  return row;
}

/** Creates several variables at once: all or none, so a bad item leaves nothing half-written. */
export async function createEnvVars(
  db: Db,
  cipher: Cipher,
  input: { projectId: string; userId: string; items: EnvInput[] },
): Promise<EnvVar[]> {
  const rows: (typeof envVars.$inferInsert)[] = [];
  for (const item of input.items) {
    const key = checkKey(item.key ?? '');
    const targets = checkTargets(item.target);
    await checkOverlap(db, input.projectId, key, targets);
    if (rows.some((r) => r.key === key && r.targets.some((t) => targets.includes(t)))) {
      throw new DomainError('conflict', `${key} appears twice for the same target in this request.`);
    }
    const valueEncrypted = cipher.encrypt(checkValue(item.value));
    rows.push({
      id: newId('env'),
      projectId: input.projectId,
      key,
      valueEncrypted,
      targets,
      type: checkType(item.type),
      comment: item.comment ?? null,
      createdBy: input.userId,
    });
  }
  if (!rows.length) throw new DomainError('bad_request', 'Send at least one variable as {key, value, target}.');
  return db.insert(envVars).values(rows).returning();
}

export async function updateEnvVar(
  db: Db,
  cipher: Cipher,
  projectId: string,
  id: string,
  patch: EnvInput,
): Promise<EnvVar> {
  const current = await getEnvVar(db, projectId, id);
  const key = checkKey(patch.key ?? current.key);
  const targets = patch.target === undefined ? current.targets : checkTargets(patch.target);
  await checkOverlap(db, projectId, key, targets, id);
  const type = patch.type === undefined ? current.type : checkType(patch.type);
  // A sensitive value is write-only for good: as "encrypted" or "plain" it could be read back.
  if (current.type === 'sensitive' && type !== 'sensitive')
    throw new DomainError(
      'bad_request',
      `${current.key} is sensitive, and a sensitive variable stays sensitive. To change its type, remove it and add it again.`,
    );
  const values: Partial<EnvVar> = {
    key,
    targets,
    type,
    updatedAt: new Date(),
  };
  if (patch.value !== undefined) values.valueEncrypted = cipher.encrypt(checkValue(patch.value));
  if (patch.comment !== undefined) values.comment = patch.comment;
  const [row] = await db.update(envVars).set(values).where(eq(envVars.id, id)).returning();
  return row!;
}

export async function deleteEnvVar(db: Db, projectId: string, id: string): Promise<EnvVar> {
  const [row] = await db
    .delete(envVars)
    .where(and(eq(envVars.projectId, projectId), eq(envVars.id, id)))
    .returning();
  if (!row) throw notFound(`The environment variable "${id}"`);
  return row;
}

/** The decrypted variables a build of `target` gets, and nothing of the other targets. */
export async function envForTarget(
  db: Db,
  cipher: Cipher,
  projectId: string,
  target: EnvTarget,
): Promise<Record<string, string>> {
  const env: Record<string, string> = {};
  for (const v of await listEnvVars(db, projectId))
    if (v.targets.includes(target)) env[v.key] = cipher.decrypt(v.valueEncrypted);
  return env;
}
