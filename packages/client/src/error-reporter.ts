// Client error reporting (docs/spec.md §8): window errors, unhandled rejections and failed API calls
// become one report each, with the failing call's request id and trace id, the page's path, the
// message, a truncated stack and the release. Failed calls of 400-499 are sampled
// (`shouldReportClientError`), aborts never reported. Reports carry no user, and properties named
// email, ip or phone are redacted before they leave the browser.
import { redactProperties } from '@nimbus/core';
import { ApiError } from './api-error';
import type { Logger } from './logger';
import { shouldReportClientError } from './reporting';

export const CLIENT_ERRORS_PATH = '/api/v1/client-errors';
export const MAX_STACK_CHARS = 4000;
const MAX_MESSAGE_CHARS = 2000;

export type ErrorKind = 'error' | 'unhandledrejection' | 'fetch';

export interface ClientErrorReport {
  kind: ErrorKind;
  level: 'error';
  message: string;
  stack: string | null;
  path: string;
  requestId: string | null;
  traceId: string | null;
  status: number | null;
  release: string | null;
  properties: Record<string, unknown>;
}

export interface ErrorReporterOptions {
  logger: Logger;
  release?: string;
  path?: () => string;
  send?: (report: ClientErrorReport) => Promise<unknown>;
  random?: () => number;
}

const postReport = (report: ClientErrorReport) =>
  fetch(CLIENT_ERRORS_PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(report),
    credentials: 'same-origin',
    keepalive: true,
  });

export function createErrorReporter(options: ErrorReporterOptions) {
  const send = options.send ?? postReport;
  const { logger } = options;

  /** Builds and sends the report of `error`; resolves to it, or to null when it was dropped. */
  async function report(
    error: unknown,
    kind: ErrorKind,
    properties: Record<string, unknown> = {},
  ): Promise<ClientErrorReport | null> {
    const api = error instanceof ApiError ? error : null;
    if (api?.isAbort) return null;
    if (api && api.status > 0 && !shouldReportClientError(api.status, options.random)) {
      logger.debug('error report dropped by sampling', api.status, api.message);
      return null;
    }
    const message = error instanceof Error ? error.message : String(error);
    const stack = error instanceof Error && error.stack ? error.stack.slice(0, MAX_STACK_CHARS) : null;
    const built: ClientErrorReport = {
      kind,
      level: 'error',
      message: (message || 'Unknown error').slice(0, MAX_MESSAGE_CHARS),
      stack,
      path: options.path?.() ?? '',
      requestId: api?.requestId ?? null,
      traceId: api?.traceId ?? null,
      status: api ? api.status : null,
      release: options.release ?? null,
      properties: redactProperties({ ...properties, ...(api?.path ? { callPath: api.path } : {}) }),
    };
    logger.info('reporting', kind, built.message);
    try {
      await send(built);
    } catch (cause) {
      logger.warn('error report not sent', cause);
    }
    return built;
  }

  return { report };
}
