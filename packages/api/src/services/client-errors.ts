// Client error reports (docs/spec.md §8): the browser sends window errors, unhandled rejections and
// failed API calls with the failing call's request id; staff read them newest first. Reports are
// operational, not tracking, so they need no consent, but they carry no user and their properties
// have e-mails, IPs and phone numbers redacted (queries/flags.ts).
import type { z } from '@hono/zod-openapi';
import * as db from '@nimbus/db';
import { refuseNul } from '../input';
import { ClientErrorReport } from '../schemas/flags';
import { requireStaff } from './admin';
import type { ServiceContext } from './context';
import type { ApiOptions } from './options';

const MAX_BODY_BYTES = 16 * 1024;
const REPORTS_PER_IP_PER_MINUTE = 30;

export async function report(options: ApiOptions, text: string, ip: string) {
  if (text.length > MAX_BODY_BYTES)
    throw new db.DomainError('payload_too_large', `A report is at most ${MAX_BODY_BYTES / 1024} KB.`);
  if (!(await db.hitRateLimit(options.db, `client-errors:ip:${ip}`, REPORTS_PER_IP_PER_MINUTE, 60_000)))
    throw new db.DomainError('rate_limited', 'Too many error reports from this address. Try again in a minute.');
  const body: unknown = JSON.parse(text);
  refuseNul(body, 'The report');
  const parsed = ClientErrorReport.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new db.DomainError(
      'bad_request',
      `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'Invalid report.'}`,
    );
  }
  const r: z.infer<typeof ClientErrorReport> = parsed.data;
  const row = await db.recordClientError(options.db, {
    kind: r.kind,
    level: r.level,
    message: r.message,
    stack: r.stack ?? null,
    path: r.path,
    requestId: r.requestId ?? null,
    traceId: r.traceId ?? null,
    status: r.status ?? null,
    release: r.release ?? null,
    properties: r.properties ?? {},
  });
  return { id: row.id };
}

export async function list(ctx: ServiceContext, limit: number) {
  await requireStaff(ctx, 'read client errors');
  const rows = await db.listClientErrors(ctx.db, limit);
  return { errors: rows.map(({ createdAt, ...row }) => ({ ...row, createdAt: createdAt.getTime() })) };
}
