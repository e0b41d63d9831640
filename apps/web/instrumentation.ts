// Next.js calls `onRequestError` for an exception in a page, route handler or server action that it
// answers with its error page itself: recorded in `server_errors` like the API's, with the request and
// trace ids the front server put on the request (server/tracing.ts). Never shown to the visitor.
import type { Instrumentation } from 'next';

const header = (headers: NodeJS.Dict<string | string[]>, name: string) => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

export const onRequestError: Instrumentation.onRequestError = async (error, request) => {
  const runtime = globalThis.__nimbusRuntime;
  if (!runtime) return;
  await runtime.recordServerError({
    source: 'front',
    error,
    method: request.method,
    path: request.path,
    requestId: header(request.headers, 'x-nimbus-id'),
    traceId: header(request.headers, 'x-nimbus-trace-id'),
  });
};
