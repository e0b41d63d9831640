// Tracing of the front server with OpenTelemetry (docs/architecture.md, "Tracing"). Every request
// gets a request id (`x-nimbus-id`) and a W3C `traceparent` on its response. When tracing is on,
// whether its trace is kept is decided first, on the trace id by the ratio of the request's kind
// (spec 9; the same trace id always gives the same answer). Only a kept request gets a root span,
// with child spans from the API (packages/api/src/tracing.ts) and the database
// (packages/db/src/query-spans.ts), which wait in memory until the root ends and are written in
// batches to `trace_spans`; any other request costs no span and no context, and if it fails (an
// exception or a 5xx) its root span alone is written from its own timing. Server errors
// (`server_errors`) are recorded whether tracing is on or off.
import { randomFillSync } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { REQUEST_ID_HEADER, SESSION_COOKIE, type ServerErrorReport, TRACE_ID_HEADER } from '@nimbus/api';
import { describeError } from '@nimbus/core';
import { type Db, insertServerError, insertTraceSpans, type NewTraceSpan, sweepTraces } from '@nimbus/db';
import {
  type Context,
  context,
  createContextKey,
  defaultTextMapGetter,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  TraceFlags,
  trace,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { suppressTracing, TraceState, W3CTraceContextPropagator } from '@opentelemetry/core';
import {
  AlwaysOnSampler,
  BasicTracerProvider,
  type ReadableSpan,
  SamplingDecision,
  type SpanProcessor,
  TraceIdRatioBasedSampler,
} from '@opentelemetry/sdk-trace-base';

/** Spec 9: the share of traces kept, by the kind of request that started them. */
export const SAMPLING_RATIOS = { pageLoad: 0.2, middleware: 0.2, fetch: 0.2, appFetch: 0.4 } as const;
export type TraceKind = keyof typeof SAMPLING_RATIOS;
/** Spec 9 limits on an incoming `tracestate`. */
export const TRACE_STATE_MAX_ENTRIES = 32;
export const TRACE_STATE_MAX_LENGTH = 512;
/** Spans one trace may hold in memory before its root ends; more are dropped. */
const MAX_SPANS_PER_TRACE = 2000;
/** Traces open at once in memory (their roots not ended); more are not recorded. */
const MAX_OPEN_TRACES = 5000;
const FLUSH_MS = 1000;
const FLUSH_ROWS = 500;
const SWEEP_MS = 60 * 60_000;

const samplers = Object.fromEntries(
  Object.entries(SAMPLING_RATIOS).map(([kind, ratio]) => [kind, new TraceIdRatioBasedSampler(ratio)]),
) as Record<TraceKind, TraceIdRatioBasedSampler>;

/** Whether a finished trace is kept: always when it failed, else by its kind's ratio on its trace id. */
export function keepTrace(kind: TraceKind, traceId: string, failed: boolean): boolean {
  if (failed) return true;
  return samplers[kind].shouldSample(ROOT_CONTEXT, traceId).decision === SamplingDecision.RECORD_AND_SAMPLED;
}

/**
 * An incoming `tracestate` cut to the spec's limits: at most 32 list members and 512 characters,
 * keeping the leftmost members (the most recently updated, by W3C's rule). Invalid members are
 * dropped by OpenTelemetry's parser first.
 */
export function limitTraceState(raw: string): TraceState | undefined {
  const members = new TraceState(raw).serialize().split(',').filter(Boolean);
  const kept: string[] = [];
  let length = 0;
  for (const member of members) {
    if (kept.length >= TRACE_STATE_MAX_ENTRIES) break;
    const next = length + member.length + (kept.length ? 1 : 0);
    if (next > TRACE_STATE_MAX_LENGTH) break;
    kept.push(member);
    length = next;
  }
  return kept.length ? new TraceState(kept.join(',')) : undefined;
}

const propagator = new W3CTraceContextPropagator();

/** The remote parent of an incoming request (`traceparent`, `tracestate` within limits), if any. */
export function extractParent(headers: IncomingMessage['headers']): Context {
  if (!headers.traceparent) return ROOT_CONTEXT;
  const single = { ...headers, tracestate: undefined };
  const extracted = propagator.extract(ROOT_CONTEXT, single, defaultTextMapGetter);
  const parent = trace.getSpanContext(extracted);
  if (!parent) return ROOT_CONTEXT;
  const rawState = headers.tracestate;
  const traceState = rawState ? limitTraceState(Array.isArray(rawState) ? rawState.join(',') : rawState) : undefined;
  return trace.setSpanContext(ROOT_CONTEXT, { ...parent, traceState });
}

// Random hex for request and trace ids from a pool refilled 4 KB at a time (what Node does for
// `randomUUID`): one `randomBytes` call per id was a measurable share of a small request's time,
// and no library hands out plain hex this way without pulling in its own alphabet code.
const pool = Buffer.alloc(4096);
let poolOffset = pool.length;

/** `bytes` random bytes as hex, from a cryptographically secure pool. */
export function randomHex(bytes: number): string {
  if (poolOffset + bytes > pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const hex = pool.toString('hex', poolOffset, poolOffset + bytes);
  poolOffset += bytes;
  return hex;
}

/** `req_` and 20 random hex characters. */
export function newRequestId(): string {
  return `req_${randomHex(10)}`;
}

const SECRET_PATTERNS: [RegExp, string][] = [
  [/\b(\w+:\/\/[^:/\s@]+:)[^@\s]+@/g, '$1[redacted]@'],
  [/\bnmb_[A-Za-z0-9]{40}\b/g, 'nmb_[redacted]'],
  [/\b(bearer\s+)[\w.~+/-]+=*/gi, '$1[redacted]'],
  [
    /\b(password|passwd|secret|token|api[_-]?key|authorization|cookie)(["']?\s*[:=]\s*["']?)[^\s"',;&]+/gi,
    '$1$2[redacted]',
  ],
];

/** Text of an error with credentials, tokens and `password=`-style values replaced by `[redacted]`. */
export function redactSecrets(text: string): string {
  let result = text;
  for (const [pattern, replacement] of SECRET_PATTERNS) result = result.replace(pattern, replacement);
  return result;
}

/** What the API and the front server report (the API's own `ServerErrorReport`). */
export type ServerErrorEntry = ServerErrorReport;

/** Records an exception in `server_errors`, redacted, never in a trace of its own; failures are logged. */
export function serverErrorRecorder(db: Db) {
  return (entry: ServerErrorEntry): Promise<void> => {
    const error = entry.error as Error | undefined;
    // describeError drops the parameters of a failed query.
    const message = redactSecrets(describeError(entry.error)).slice(0, 4000);
    const stack = redactSecrets(error?.stack ?? '')
      .split('\n')
      .slice(1)
      .join('\n')
      .slice(0, 16_000);
    const path = entry.path?.split('?')[0]?.slice(0, 2000);
    return context.with(suppressTracing(ROOT_CONTEXT), () =>
      insertServerError(db, {
        source: entry.source,
        message,
        stack,
        requestId: entry.requestId ?? null,
        traceId: entry.traceId ?? null,
        method: entry.method ?? null,
        path: path ?? null,
      }).catch((failure) => console.error(`[tracing] could not record a server error: ${describeError(failure)}`)),
    );
  };
}

/** Batches kept spans into `trace_spans` and sweeps old rows (spans, server errors, fraud sessions). */
export class SpanWriter {
  private queue: NewTraceSpan[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly db: Db) {
    this.sweeper = setInterval(() => void this.sweep(), SWEEP_MS);
    this.sweeper.unref();
  }

  push(rows: NewTraceSpan[]): void {
    this.queue.push(...rows);
    if (this.queue.length >= FLUSH_ROWS) void this.flush();
    else if (!this.timer) {
      // The timer must not carry the request's context (and its spans) into the write.
      this.timer = context.with(ROOT_CONTEXT, () => setTimeout(() => void this.flush(), FLUSH_MS));
      this.timer.unref();
    }
  }

  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const rows = this.queue.splice(0);
    if (!rows.length) return this.flushing;
    this.flushing = this.flushing.then(() =>
      context.with(suppressTracing(ROOT_CONTEXT), () =>
        insertTraceSpans(this.db, rows).catch((error) =>
          console.error(`[tracing] could not write ${rows.length} spans: ${describeError(error)}`),
        ),
      ),
    );
    return this.flushing;
  }

  sweep(): Promise<void> {
    return context.with(suppressTracing(ROOT_CONTEXT), () =>
      sweepTraces(this.db)
        .then(() => undefined)
        .catch((error) => console.error(`[tracing] retention sweep failed: ${describeError(error)}`)),
    );
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    await this.flush();
  }
}

const WRITER_KEY = createContextKey('nimbus.spanWriter');
const ROOT_ATTRIBUTE = 'nimbus.root';

interface OpenTrace {
  rootSpanId: string;
  kind: TraceKind;
  writer: SpanWriter;
  spans: ReadableSpan[];
}

const hrMicros = ([seconds, nanos]: [number, number]) => seconds * 1e6 + Math.round(nanos / 1e3);

function rowOf(span: ReadableSpan, kind: TraceKind, root: boolean): NewTraceSpan {
  const context = span.spanContext();
  const status =
    span.status.code === SpanStatusCode.ERROR ? 'error' : span.status.code === SpanStatusCode.OK ? 'ok' : 'unset';
  const attributes: Record<string, unknown> = { ...span.attributes };
  if (span.status.message) attributes['status.message'] = span.status.message;
  for (const event of span.events)
    if (event.name === 'exception')
      attributes['exception.message'] = redactSecrets(String(event.attributes?.['exception.message'] ?? ''));
  return {
    traceId: context.traceId,
    spanId: context.spanId,
    parentSpanId: root ? null : (span.parentSpanContext?.spanId ?? null),
    name: span.name,
    kind: root ? kind : (SpanKind[span.kind] ?? 'INTERNAL').toLowerCase(),
    startedAt: new Date(hrMicros(span.startTime) / 1000),
    durationUs: Math.max(0, Math.min(2_147_483_647, hrMicros(span.duration))),
    status,
    attributes,
  };
}

/**
 * Holds the spans of each open trace until its root (the front server's request span) ends, then
 * hands them to the writer the root was started with. Only kept traces have a root: the sampler
 * decides before the request starts one (`createRequestTracing`).
 */
export class KeepDecisionProcessor implements SpanProcessor {
  private readonly open = new Map<string, OpenTrace>();

  onStart(span: Span & ReadableSpan, parentContext: Context): void {
    if (span.attributes[ROOT_ATTRIBUTE] !== true) return;
    const writer = parentContext.getValue(WRITER_KEY) as SpanWriter | undefined;
    if (!writer || this.open.size >= MAX_OPEN_TRACES) return;
    const { traceId, spanId } = span.spanContext();
    this.open.set(traceId, {
      rootSpanId: spanId,
      kind: span.attributes['nimbus.kind'] as TraceKind,
      writer,
      spans: [],
    });
  }

  onEnd(span: ReadableSpan): void {
    const { traceId, spanId } = span.spanContext();
    const entry = this.open.get(traceId);
    if (!entry) return;
    if (entry.spans.length < MAX_SPANS_PER_TRACE) entry.spans.push(span);
    if (spanId !== entry.rootSpanId) return;
    this.open.delete(traceId);
    entry.writer.push(entry.spans.map((s) => rowOf(s, entry.kind, s === span)));
  }

  /** Traces whose root has not ended yet (tests, diagnostics). */
  get openTraces(): number {
    return this.open.size;
  }

  forceFlush(): Promise<void> {
    return Promise.resolve();
  }

  shutdown(): Promise<void> {
    this.open.clear();
    return Promise.resolve();
  }
}

interface TracingGlobals {
  processor: KeepDecisionProcessor;
  provider: BasicTracerProvider;
}
const GLOBAL = Symbol.for('nimbus.tracing');
const holder = globalThis as typeof globalThis & { [GLOBAL]?: TracingGlobals };

/**
 * Registers OpenTelemetry's context manager and a tracer provider for this process, once. Every span
 * is recorded (AlwaysOn) so that the keep decision can wait for the trace's end; spans outside a
 * front-server root are never stored.
 */
export function installTracing(): TracingGlobals {
  if (holder[GLOBAL]) return holder[GLOBAL];
  const processor = new KeepDecisionProcessor();
  const provider = new BasicTracerProvider({ sampler: new AlwaysOnSampler(), spanProcessors: [processor] });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  trace.setGlobalTracerProvider(provider);
  holder[GLOBAL] = { processor, provider };
  return holder[GLOBAL];
}

export type { REQUEST_ID_HEADER, TRACE_ID_HEADER };

export interface RequestTracing {
  /** Runs `handle` for one request: sets `x-nimbus-id` and `traceparent`, and traces it when tracing is on. */
  run(req: IncomingMessage, res: ServerResponse, kind: TraceKind, handle: () => unknown): unknown;
  close(): Promise<void>;
}

/** The trace kind of a front-server request by where it goes (@nimbus/api's dispatch.ts). */
export function traceKindOf(target: string, headers: IncomingMessage['headers']): TraceKind {
  if (target === 'next') return 'pageLoad';
  if (target !== 'api') return 'middleware';
  // An API call of the dashboard's own pages (session cookie, no token) is an app fetch.
  const session = (headers.cookie ?? '').split(';').some((c) => c.trim().startsWith(`${SESSION_COOKIE}=`));
  return !headers.authorization && session ? 'appFetch' : 'fetch';
}

const SPAN_NAMES: Record<TraceKind, string> = {
  pageLoad: 'page load',
  middleware: 'middleware',
  fetch: 'fetch',
  appFetch: 'app fetch',
};

/** The root span's name, from the URL as the request arrived (the API strips its prefix later). */
const rootName = (kind: TraceKind, req: IncomingMessage, url = req.url) =>
  `${SPAN_NAMES[kind]} ${req.method} ${(url ?? '/').split('?')[0]}`.slice(0, 200);

const rootAttributes = (req: IncomingMessage, kind: TraceKind, requestId: string, url = req.url) => ({
  [ROOT_ATTRIBUTE]: true,
  'nimbus.kind': kind,
  'nimbus.request_id': requestId,
  'http.request.method': req.method ?? 'GET',
  'url.path': (url ?? '/').split('?')[0]!.slice(0, 2000),
  'server.address': (req.headers.host ?? '').slice(0, 255),
});

export function createRequestTracing(options: {
  db: Db;
  enabled: boolean;
  recordError: (entry: ServerErrorEntry) => Promise<void>;
}): RequestTracing {
  // The writer also sweeps server errors and fraud sessions, so it runs with tracing off too.
  const writer = new SpanWriter(options.db);
  void writer.sweep();
  const tracer = options.enabled ? installTracing().provider.getTracer('nimbus') : null;

  const failed = (req: IncomingMessage, res: ServerResponse, requestId: string, traceId: string, error: unknown) => {
    void options.recordError({ source: 'front', error, method: req.method, path: req.url, requestId, traceId });
    if (res.headersSent) return void res.destroy();
    res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
    res.end(`Something went wrong on our side (request ${requestId}). Try again in a moment.\n`);
  };

  const guarded = (
    req: IncomingMessage,
    res: ServerResponse,
    requestId: string,
    traceId: string,
    handle: () => unknown,
    span?: Span,
    onThrow?: () => void,
  ) => {
    const onError = (error: unknown) => {
      onThrow?.();
      span?.recordException(error as Error);
      span?.setStatus({ code: SpanStatusCode.ERROR, message: 'exception' });
      failed(req, res, requestId, traceId, error);
    };
    try {
      const result = handle();
      if (result instanceof Promise) return result.catch(onError);
      return result;
    } catch (error) {
      onError(error);
    }
  };

  /**
   * The root span of a request that was not sampled but failed, written from its own timing: the
   * trace keeps the failure, its request id and status, without the spans a sampled request records.
   */
  const failedRoot = (
    req: IncomingMessage,
    url: string | undefined,
    kind: TraceKind,
    traceId: string,
    requestId: string,
    startedAt: number,
    status: number,
    message: string,
  ): NewTraceSpan => ({
    traceId,
    spanId: randomHex(8),
    parentSpanId: null,
    name: rootName(kind, req, url),
    kind,
    startedAt: new Date(startedAt),
    durationUs: Math.max(0, Math.round((Date.now() - startedAt) * 1000)),
    status: 'error',
    attributes: {
      ...rootAttributes(req, kind, requestId),
      'http.response.status_code': status,
      'status.message': message,
    },
  });

  return {
    run(req, res, kind, handle) {
      const requestId = newRequestId();
      // The API reads these two (errors it records); a client cannot choose them.
      req.headers[REQUEST_ID_HEADER] = requestId;
      res.setHeader(REQUEST_ID_HEADER, requestId);
      const parent = req.headers.traceparent ? extractParent(req.headers) : ROOT_CONTEXT;
      const remote = trace.getSpanContext(parent);
      const traceId = remote?.traceId ?? randomHex(16);
      req.headers[TRACE_ID_HEADER] = traceId;
      // The keep decision comes first, on the trace id alone: a request whose trace is not kept makes no
      // span and enters no context (most requests, and on a busy site most of the server's time).
      if (!tracer || !keepTrace(kind, traceId, false)) {
        res.setHeader('traceparent', `00-${traceId}-${randomHex(8)}-00`);
        if (!tracer) return guarded(req, res, requestId, traceId, handle);
        if (remote?.traceState) res.setHeader('tracestate', remote.traceState.serialize());
        const startedAt = Date.now();
        const url = req.url;
        let threw = false;
        res.once('close', () => {
          if (threw || res.statusCode >= 500)
            writer.push([
              failedRoot(
                req,
                url,
                kind,
                traceId,
                requestId,
                startedAt,
                res.statusCode,
                threw ? 'exception' : `status ${res.statusCode}`,
              ),
            ]);
        });
        return guarded(req, res, requestId, traceId, handle, undefined, () => (threw = true));
      }
      // A new trace starts under a stand-in parent that carries the trace id already decided on.
      const spanParent = remote
        ? parent
        : trace.setSpanContext(ROOT_CONTEXT, {
            traceId,
            spanId: randomHex(8),
            traceFlags: TraceFlags.SAMPLED,
            isRemote: true,
          });
      const span = tracer.startSpan(
        rootName(kind, req),
        { kind: SpanKind.SERVER, attributes: rootAttributes(req, kind, requestId) },
        spanParent.setValue(WRITER_KEY, writer),
      );
      const { spanId } = span.spanContext();
      res.setHeader('traceparent', `00-${traceId}-${spanId}-01`);
      if (remote?.traceState) res.setHeader('tracestate', remote.traceState.serialize());
      res.once('close', () => {
        span.setAttribute('http.response.status_code', res.statusCode);
        if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR, message: `status ${res.statusCode}` });
        span.end();
      });
      return context.with(trace.setSpan(spanParent, span), () => guarded(req, res, requestId, traceId, handle, span));
    },
    close: () => writer.close(),
  };
}
