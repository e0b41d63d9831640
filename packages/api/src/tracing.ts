// The API's span in a request's trace (docs/architecture.md, "Tracing"): a child of the front
// server's root span, named by the route that matched, with its status. Outside a recorded span
// (tracing off, the API called directly in tests) it does nothing.
import { context, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './context';

/** The request id the front server gives every request (apps/web/server/tracing.ts). */
export const REQUEST_ID_HEADER = 'x-nimbus-id';
/** The trace id of the request, set by the front server on the request it hands to the API. */
export const TRACE_ID_HEADER = 'x-nimbus-trace-id';

export const traceApi: MiddlewareHandler<AppEnv> = async (c, next) => {
  const parent = trace.getSpan(context.active());
  if (!parent?.isRecording()) return next();
  const span = trace.getTracer('nimbus').startSpan(`API ${c.req.method}`, {
    kind: SpanKind.INTERNAL,
    attributes: { 'http.request.method': c.req.method },
  });
  try {
    await context.with(trace.setSpan(context.active(), span), next);
  } finally {
    // The route that answered: the last matched handler that is not a `*` middleware.
    const route = [...c.req.matchedRoutes].reverse().find((r) => r.method !== 'ALL')?.path;
    if (route) {
      span.updateName(`API ${c.req.method} ${route}`);
      span.setAttribute('http.route', route);
    }
    span.setAttribute('http.response.status_code', c.res.status);
    if (c.error || c.res.status >= 500)
      span.setStatus({ code: SpanStatusCode.ERROR, message: `status ${c.res.status}` });
    span.end();
  }
};
