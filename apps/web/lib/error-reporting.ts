// Client error reporting on every page (docs/spec.md §8): window errors, unhandled rejections and
// failed calls of the dashboard's fetch helper go to `POST /api/v1/client-errors` through the
// reporter of @nimbus/client. Reports are operational, so they need no consent; they carry no user.
// The logger's level is the page's `nimbus-log-level` local storage entry (none, error, warn,
// info, debug, verbose, all), `warn` by default: set it to `debug` to see what was dropped.
'use client';

import { type ApiError, CLIENT_ERRORS_PATH, createErrorReporter, createLogger, type ErrorKind } from '@nimbus/client';
import { isLogLevelName } from '@nimbus/core';
import { announceTracked } from './tracked-events';

export const LOG_LEVEL_STORAGE_KEY = 'nimbus-log-level';

function storedLevel() {
  try {
    const value = window.localStorage.getItem(LOG_LEVEL_STORAGE_KEY);
    return isLogLevelName(value) ? value : 'warn';
  } catch {
    return 'warn';
  }
}

export const logger = createLogger(typeof window === 'undefined' ? 'warn' : storedLevel());

const createReporter = (release?: string) =>
  createErrorReporter({
    logger,
    release,
    path: () => window.location.pathname,
    send: async (report) => {
      announceTracked('errors', report.kind, report);
      await fetch(CLIENT_ERRORS_PATH, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(report),
        credentials: 'same-origin',
        keepalive: true,
      });
    },
  });

let reporter: ReturnType<typeof createErrorReporter> | undefined;

/** Sets the release reports carry (the root layout passes the server's version); call before watching. */
export function configureErrorReporting(release: string): void {
  reporter = createReporter(release);
}

export function reportClientError(error: unknown, kind: ErrorKind = 'error'): void {
  reporter ??= createReporter();
  void reporter.report(error, kind);
}

/** The fetch helper's `onError`: every failed call, sampled by status in the reporter. */
export function reportFailedCall(error: ApiError): void {
  reportClientError(error, 'fetch');
}

/** Listens for uncaught errors and rejections on this page; returns the function that stops. */
export function watchWindowErrors(): () => void {
  const onError = (event: ErrorEvent) => reportClientError(event.error ?? event.message, 'error');
  const onRejection = (event: PromiseRejectionEvent) => reportClientError(event.reason, 'unhandledrejection');
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  return () => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
  };
}
