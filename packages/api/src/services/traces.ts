// Staff reads of what Nimbus records about itself (docs/architecture.md, "Tracing"): recent kept
// traces with errors first, the recorded server errors, one trace's spans for its trace-id page,
// and a diagnostic route that fails on purpose so staff can check the pipeline end to end.
import * as db from '@nimbus/db';
import { requireStaff } from './admin';
import type { ServiceContext } from './context';

const TRACE_ID = /^[0-9a-f]{32}$/;

const spanJson = (s: db.TraceSpan) => ({
  spanId: s.spanId,
  parentSpanId: s.parentSpanId,
  name: s.name,
  kind: s.kind,
  startedAt: s.startedAt.getTime(),
  /** Microseconds since the start of the trace's first span. */
  offsetUs: 0,
  durationUs: s.durationUs,
  status: s.status,
  attributes: s.attributes,
});

const errorJson = (e: db.ServerError) => ({
  id: String(e.id),
  createdAt: e.createdAt.getTime(),
  source: e.source,
  message: e.message,
  stack: e.stack,
  requestId: e.requestId,
  traceId: e.traceId,
  method: e.method,
  path: e.path,
});

export type TraceSpanJson = ReturnType<typeof spanJson>;
export type ServerErrorJson = ReturnType<typeof errorJson>;

/** Recent kept traces (errors first) and recent server errors. */
export async function list(ctx: ServiceContext) {
  await requireStaff(ctx, 'read traces');
  const [traces, errors] = await Promise.all([db.recentTraces(ctx.db), db.recentServerErrors(ctx.db)]);
  return {
    traces: traces.map((t) => ({ ...t, startedAt: t.startedAt.getTime() })),
    errors: errors.map(errorJson),
  };
}

/** One trace: its spans in start order with their offset from the first, and its server errors. */
export async function get(ctx: ServiceContext, traceId: string) {
  await requireStaff(ctx, 'read traces');
  const id = traceId.toLowerCase();
  if (!TRACE_ID.test(id)) throw db.notFound('The trace');
  const [spans, errors] = await Promise.all([db.traceSpansOf(ctx.db, id), db.serverErrorsOfTrace(ctx.db, id)]);
  if (!spans.length && !errors.length) throw db.notFound('The trace');
  // Start times are kept in milliseconds; the root's start is the origin of the waterfall.
  const origin = spans.length ? Math.min(...spans.map((s) => s.startedAt.getTime())) : 0;
  return {
    traceId: id,
    spans: spans.map((s) => ({ ...spanJson(s), offsetUs: (s.startedAt.getTime() - origin) * 1000 })),
    errors: errors.map(errorJson),
  };
}

/** What the diagnostic route throws: an ordinary exception, so it takes the path of any unexpected error. */
export class DiagnosticError extends Error {
  constructor() {
    super('Diagnostic error: GET /v1/admin/diagnostics/error fails on purpose to test error recording and tracing.');
    this.name = 'DiagnosticError';
  }
}

/** Staff only: fails with a 500 on purpose, so its trace and server error can be checked. */
export async function diagnosticError(ctx: ServiceContext): Promise<never> {
  await requireStaff(ctx, 'run diagnostics');
  // A query first, so the trace shows the database under the API.
  await db.isStaff(ctx.db, ctx.actor.user.id, ctx.options.staffTeam);
  throw new DiagnosticError();
}
