// Every environment variable Nimbus reads, validated in one place (the README lists the same set).
import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { parseDuration } from '@nimbus/core';
import { z } from 'zod';

const ROLES = ['web', 'api', 'edge', 'worker'] as const;

const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  NIMBUS_DATA_DIR: z.string().default('./.nimbus'),
  DATABASE_URL: z.string().url().optional(),
  NIMBUS_PUBLIC_URL: z.string().url().optional(),
  NIMBUS_DEPLOY_DOMAIN: z.string().default('localhost'),
  NIMBUS_SECRET: z.string().min(32).optional(),
  NIMBUS_ROLE: z.string().default(ROLES.join(',')),
  NIMBUS_PROCESSES: z
    .string()
    .regex(/^(auto|[1-9]\d{0,2})$/, 'use a whole number of processes (1 to 999) or auto')
    .default('1'),
  NIMBUS_STAFF_TEAM: z.string().default('nimbus-staff'),
  NIMBUS_ENV: z.enum(['production', 'preview', 'development']).optional(),
  NIMBUS_MARKETFIT_URL: z.string().url().optional(),
  NIMBUS_SIGNUP_LIMIT: z.coerce.number().int().min(1).default(20),
  NIMBUS_TRUST_PROXY: z.enum(['0', '1', 'true', 'false']).optional(),
  SMTP_URL: z.string().optional(),
  NIMBUS_BUILD_TIMEOUT: z.string().default('15m'),
  NIMBUS_BUILD_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  NIMBUS_BUILD_DIR: z.string().optional(),
  NIMBUS_BUILD_CACHE_DIR: z.string().optional(),
  NIMBUS_MAX_FILE_SIZE: z.coerce
    .number()
    .int()
    .min(1)
    .default(100 * 1024 * 1024),
  NIMBUS_S3_ENDPOINT: z.string().url().optional(),
  NIMBUS_S3_BUCKET: z.string().optional(),
  NIMBUS_S3_REGION: z.string().optional(),
  NIMBUS_S3_ACCESS_KEY_ID: z.string().optional(),
  NIMBUS_S3_SECRET_ACCESS_KEY: z.string().optional(),
  NIMBUS_MAIL_FROM: z.string().optional(),
});

export type Role = (typeof ROLES)[number];
export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`Invalid configuration: ${issue.path.join('.')}: ${issue.message}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.NIMBUS_DATA_DIR);
  const roles = e.NIMBUS_ROLE.split(',').map((r) => r.trim());
  const unknown = roles.filter((r) => !(ROLES as readonly string[]).includes(r));
  if (unknown.length)
    throw new Error(
      `Invalid configuration: NIMBUS_ROLE has unknown role(s) ${unknown.join(', ')}; use ${ROLES.join(', ')}.`,
    );
  if (!e.DATABASE_URL && roles.length < ROLES.length) {
    throw new Error(
      'Invalid configuration: running only some roles needs DATABASE_URL (PGlite keeps every role in one process).',
    );
  }
  const processes = e.NIMBUS_PROCESSES === 'auto' ? availableParallelism() : Number(e.NIMBUS_PROCESSES);
  if (!e.DATABASE_URL && processes > 1) {
    throw new Error(
      'Invalid configuration: NIMBUS_PROCESSES above 1 needs DATABASE_URL (PGlite is opened by one process only).',
    );
  }
  const buildTimeoutMs = parseBuildTimeout(e.NIMBUS_BUILD_TIMEOUT);
  const publicUrl = (e.NIMBUS_PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    deployDomain: e.NIMBUS_DEPLOY_DOMAIN,
    roles: new Set(roles as Role[]),
    /** Copies of this server sharing PORT through node:cluster (PostgreSQL only). */
    processes,
    staffTeam: e.NIMBUS_STAFF_TEAM,
    environment: e.NIMBUS_ENV ?? (env.NODE_ENV === 'development' ? 'development' : 'production'),
    marketFitUrl: e.NIMBUS_MARKETFIT_URL,
    signupLimitPerHour: e.NIMBUS_SIGNUP_LIMIT,
    trustProxy: e.NIMBUS_TRUST_PROXY === '1' || e.NIMBUS_TRUST_PROXY === 'true',
    smtpUrl: e.SMTP_URL,
    mailFrom: e.NIMBUS_MAIL_FROM,
    secret: () => e.NIMBUS_SECRET ?? secretFromDataDir(dataDir),
    build: {
      timeoutMs: buildTimeoutMs,
      concurrency: e.NIMBUS_BUILD_CONCURRENCY,
      /** Temp dirs of running builds and the package cache: outside the data dir, which builds must not see. */
      dir: e.NIMBUS_BUILD_DIR ? path.resolve(e.NIMBUS_BUILD_DIR) : undefined,
      cacheDir: e.NIMBUS_BUILD_CACHE_DIR ? path.resolve(e.NIMBUS_BUILD_CACHE_DIR) : undefined,
    },
    maxFileSize: e.NIMBUS_MAX_FILE_SIZE,
    /** NIMBUS_S3_* as given; the store uses S3 when NIMBUS_S3_BUCKET is set. */
    s3Env: Object.fromEntries(Object.entries(e).filter(([k]) => k.startsWith('NIMBUS_S3_'))) as Record<
      string,
      string | undefined
    >,
  };
}

/** NIMBUS_BUILD_TIMEOUT: a duration like "15m" or "90s"; a bare number is seconds. */
function parseBuildTimeout(value: string): number {
  const ms = /^\d+$/.test(value) ? Number(value) * 1000 : parseDuration(value);
  if (!Number.isFinite(ms) || ms < 1000)
    throw new Error(
      `Invalid configuration: NIMBUS_BUILD_TIMEOUT "${value}" is not a duration like 15m or 900 (seconds).`,
    );
  return ms;
}

/**
 * NIMBUS_SECRET when set; otherwise one generated on first start and kept (mode 600) in the data dir.
 * Written to a temp file and hard-linked into place, so processes starting together agree on one.
 */
function secretFromDataDir(dataDir: string): string {
  const file = path.join(dataDir, 'secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(temp, randomBytes(32).toString('hex'), { mode: 0o600 });
  try {
    linkSync(temp, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    rmSync(temp, { force: true });
  }
  return readFileSync(file, 'utf8').trim();
}
