// The one place that turns any thrown error into the `{error:{code,message}}` envelope and a status.

import { DomainError, describeError, ERROR_STATUS, errorEnvelope, inputErrorCode } from '@nimbus/core';
import { SpanStatusCode, trace } from '@opentelemetry/api';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from './context';
import { REQUEST_ID_HEADER, TRACE_ID_HEADER } from './tracing';

/** The envelope (`errorEnvelope` in @nimbus/core), under the name the API's routes know it by. */
export const errorBody = errorEnvelope;

export function handleError(err: Error, c: Context): Response {
  if (err instanceof DomainError) {
    return c.json(errorBody(err.code, err.message, err.extra), ERROR_STATUS[err.code] ?? 400);
  }
  if (err instanceof HTTPException) {
    const status = err.status;
    const code = status === 413 ? 'payload_too_large' : status === 404 ? 'not_found' : 'bad_request';
    return c.json(errorBody(code, err.message || 'The request could not be processed.'), status);
  }
  if (err instanceof SyntaxError) {
    return c.json(errorBody('bad_request', 'The request body is not valid JSON.'), 400);
  }
  // A value the database cannot take (a NUL byte, a date out of range, a key too long for its
  // index) is the caller's input, so a 400, even where no schema caught it first.
  if (inputErrorCode(err)) {
    return c.json(errorBody('bad_request', 'A value in the request is too long, out of range or not valid text.'), 400);
  }
  // Unknown errors never leak internals to the caller, nor query parameters to the log; they are
  // recorded for staff with the request and trace ids (/admin/traces).
  recordUnexpected(err, c);
  console.error(`[api] unexpected error on ${c.req.method} ${c.req.routePath}: ${describeError(err)}`);
  return c.json(errorBody('internal_server_error', 'Something went wrong on our side. Try again in a moment.'), 500);
}

function recordUnexpected(err: Error, c: Context) {
  const span = trace.getActiveSpan();
  span?.recordException(err);
  span?.setStatus({ code: SpanStatusCode.ERROR, message: 'exception' });
  const options = (c as Context<AppEnv>).get('options') as AppEnv['Variables']['options'] | undefined;
  void options?.recordServerError?.({
    source: 'api',
    error: err,
    method: c.req.method,
    path: new URL(c.req.url).pathname,
    requestId: c.req.header(REQUEST_ID_HEADER),
    traceId: c.req.header(TRACE_ID_HEADER) ?? span?.spanContext().traceId,
  });
}

export function notFoundHandler(c: Context): Response {
  return c.json(
    errorBody('not_found', `The route ${c.req.method} ${new URL(c.req.url).pathname} does not exist.`),
    404,
  );
}
