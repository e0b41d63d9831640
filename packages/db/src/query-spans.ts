// A span per database statement, for traces (docs/architecture.md, "Tracing"). Every statement of
// a process goes through its client's `query` (drizzle's, the raw `execute`, transactions), so the
// client is wrapped once when the database opens. A span is made only inside a recorded request
// span (the front server's root); the name is the statement's verb and table, the attributes its
// text with `$n` placeholders: never a parameter.
import { context, SpanKind, SpanStatusCode, type Tracer, trace } from '@opentelemetry/api';

/** Longest statement text kept on a span. */
const STATEMENT_MAX = 300;

/** Span names by statement text: a process runs the same few hundred statements over and over. */
const names = new Map<string, string>();
const NAMES_MAX = 2000;

/** `select "id" from "users" where ...` → `SELECT users`; `insert into "x"` → `INSERT x`. */
export function statementName(text: string): string {
  const cached = names.get(text);
  if (cached !== undefined) return cached;
  const name = parseStatementName(text);
  // Texts built with literals would grow the map without end; past the cap they are parsed each time.
  if (names.size < NAMES_MAX) names.set(text, name);
  return name;
}

function parseStatementName(text: string): string {
  const sql = text.trim().replace(/\s+/g, ' ');
  const verb = (/^\w+/.exec(sql)?.[0] ?? 'SQL').toUpperCase();
  const table = /\b(?:from|into|update|table)\s+"?([\w.]+)"?/i.exec(sql)?.[1];
  return table ? `${verb} ${table}` : verb;
}

let cachedTracer: { provider: unknown; tracer: Tracer } | undefined;
/** The `nimbus` tracer of the global provider, looked up again only when the provider changes. */
function tracer(): Tracer {
  const provider = trace.getTracerProvider();
  if (cachedTracer?.provider !== provider) cachedTracer = { provider, tracer: provider.getTracer('nimbus') };
  return cachedTracer.tracer;
}

/** Runs `run` inside a span for `text` when the caller is inside a recorded span. */
export function tracedQuery<T>(text: string, run: () => Promise<T>): Promise<T> {
  const parent = trace.getSpan(context.active());
  if (!parent?.isRecording()) return run();
  const span = tracer().startSpan(`db ${statementName(text)}`, {
    kind: SpanKind.CLIENT,
    attributes: {
      'db.system': 'postgresql',
      'db.statement': text.length > STATEMENT_MAX ? `${text.slice(0, STATEMENT_MAX)}…` : text,
    },
  });
  return run().then(
    (result) => {
      span.end();
      return result;
    },
    (error: unknown) => {
      span.setStatus({ code: SpanStatusCode.ERROR, message: (error as { code?: string }).code ?? 'query failed' });
      span.end();
      throw error;
    },
  );
}

type Queryable = { query: (...args: never[]) => unknown };
const WRAPPED = Symbol.for('nimbus.tracedClient');

/** Wraps `client.query` (promise form; a call with a callback or a streaming query passes through). */
export function traceClient<C extends Queryable>(client: C, methods: string[] = ['query']): C {
  const target = client as unknown as Record<string | symbol, unknown>;
  if (target[WRAPPED]) return client;
  target[WRAPPED] = true;
  for (const method of methods) {
    const original = target[method] as ((...args: unknown[]) => unknown) | undefined;
    if (typeof original !== 'function') continue;
    target[method] = function (this: unknown, ...args: unknown[]) {
      const first = args[0] as string | { text?: string; submit?: unknown } | undefined;
      const text = typeof first === 'string' ? first : first?.text;
      if (!text || typeof args.at(-1) === 'function' || (first as { submit?: unknown })?.submit)
        return original.apply(this, args);
      return tracedQuery(text, () => original.apply(this, args) as Promise<unknown>);
    };
  }
  return client;
}
