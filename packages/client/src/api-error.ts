// The single error type raised by every API call (docs/spec.md §8), so callers branch on `code`, never on fetch quirks.

import type { ErrorCode } from '@nimbus/core';

/**
 * What `code` holds: a code of the API's vocabulary (`ErrorCode` in @nimbus/core, so a renamed code
 * breaks every comparison with the old one at build time), the API's 500, or one this client gives a
 * failure that brought no envelope.
 */
export type ApiErrorCode =
  | ErrorCode
  | 'internal_server_error'
  | 'network_error'
  | 'abort'
  | 'unexpected_response'
  | 'unexpected_error';

export const NETWORK_ERROR_MESSAGE = 'A network error has occurred. Please check your connection and try again.';
export const UNEXPECTED_ERROR_MESSAGE = 'Unexpected Error';
export const ABORT_MESSAGE = 'The request was cancelled.';

export interface ApiErrorInit {
  status: number;
  code: ApiErrorCode;
  /** The server's `error` object; its fields are copied onto the ApiError. */
  fields?: Record<string, unknown>;
  isAbort?: boolean;
  requestBody?: unknown;
  cause?: unknown;
  /** The failing call's `x-nimbus-id` response header and the trace id of its `traceparent`, for error reports. */
  requestId?: string;
  traceId?: string;
  /** The path that was called. */
  path?: string;
}

// These describe the exchange itself; a server field with the same name must not overwrite them.
const RESERVED_FIELDS = new Set([
  'name',
  'message',
  'stack',
  'cause',
  'status',
  'code',
  'isAbort',
  'requestBody',
  'requestId',
  'traceId',
  'path',
]);

export class ApiError extends Error {
  [field: string]: unknown;
  /** HTTP status, or 0 when no response arrived (network failure, abort). */
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly isAbort: boolean;
  /** Only set for status >= 500, so error reports can show what was sent. */
  declare requestBody?: unknown;
  declare requestId?: string;
  declare traceId?: string;
  declare path?: string;
  declare scope?: string;
  declare saml?: boolean;
  declare failed?: unknown;
  declare missing?: unknown;

  constructor(message: string, init: ApiErrorInit) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'ApiError';
    for (const [key, value] of Object.entries(init.fields ?? {})) {
      if (!RESERVED_FIELDS.has(key)) this[key] = value;
    }
    this.status = init.status;
    this.code = init.code;
    this.isAbort = init.isAbort ?? false;
    if (init.requestBody !== undefined) this.requestBody = init.requestBody;
    if (init.requestId) this.requestId = init.requestId;
    if (init.traceId) this.traceId = init.traceId;
    if (init.path) this.path = init.path;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function isJsonContentType(contentType: string): boolean {
  return /^application\/(?:[\w.-]+\+)?json\b/i.test(contentType);
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** Builds the error for a non-2xx response following the docs/spec.md §8 message rules. */
export function errorFromResponse(
  response: { status: number; contentType: string; text: string },
  requestBody?: unknown,
  call: Pick<ApiErrorInit, 'requestId' | 'traceId' | 'path'> = {},
): ApiError {
  const { status, contentType, text } = response;
  const base = { status, requestBody: status >= 500 ? requestBody : undefined, ...call };
  const parsed = isJsonContentType(contentType) ? parseJson(text) : { ok: false as const };
  if (!parsed.ok) {
    return new ApiError(`Unexpected response: ${contentType} ${text}`, { ...base, code: 'unexpected_response' });
  }
  const error = isRecord(parsed.value) ? parsed.value.error : undefined;
  if (!isRecord(error)) {
    return new ApiError(UNEXPECTED_ERROR_MESSAGE, { ...base, code: 'unexpected_error' });
  }
  const code = nonEmptyString(error.code);
  const message = nonEmptyString(error.message) ?? code ?? UNEXPECTED_ERROR_MESSAGE;
  // The server's code as sent: one outside the vocabulary (a proxy's, a newer server's) is kept, not hidden.
  return new ApiError(message, { ...base, code: (code ?? 'unexpected_error') as ApiErrorCode, fields: error });
}

/** Maps a rejected fetch (or body read) to an abort or a network error. */
export function transportError(cause: unknown, aborted: boolean): ApiError {
  const isAbortError = cause instanceof Error && cause.name === 'AbortError';
  if (aborted || isAbortError) {
    return new ApiError(ABORT_MESSAGE, { status: 0, code: 'abort', isAbort: true, cause });
  }
  return new ApiError(NETWORK_ERROR_MESSAGE, { status: 0, code: 'network_error', cause });
}
