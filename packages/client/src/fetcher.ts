// The generic call helper of docs/spec.md §7: every web and CLI request goes through it, so URLs, auth and the
// docs/spec.md §8 error catalogue are handled in exactly one place.
import { ApiError, errorFromResponse, transportError } from './api-error';
import { browserAuthDefaults, isPageUnloading, watchPageUnload } from './browser';
import { type AuthErrorHandlers, dispatchAuthError } from './redirects';

type QueryValue = string | number | boolean | null | undefined;

export interface FetcherOptions extends Partial<AuthErrorHandlers> {
  /** Origin (and optional path) prepended to every relative path; empty in browsers. */
  baseUrl?: string;
  token?: string;
  headers?: Record<string, string>;
  fetch?: typeof fetch;
  /** Set false to call root paths such as `/v2/user` (the CLI); can be overridden per request. */
  prefix?: boolean;
  /** Told of every failed call but aborts (error reporting decides what to send: reporting.ts). */
  onError?: (error: ApiError) => void;
}

export interface RequestOptions {
  /** Defaults to POST when a body is given, GET otherwise. */
  method?: string;
  /** Sent as is when string, Blob, ArrayBuffer, typed array, FormData or URLSearchParams; else as JSON. */
  body?: unknown;
  /** Appended to the URL; null and undefined values are dropped, arrays repeat the key. */
  query?: Record<string, QueryValue | readonly QueryValue[]>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  prefix?: boolean;
  withResponse?: boolean;
}

export interface ApiResponse<T> {
  data: T;
  status: number;
  headers: Headers;
}

export interface ApiFetch {
  <T = unknown>(path: string, init: RequestOptions & { withResponse: true }): Promise<ApiResponse<T>>;
  <T = unknown>(path: string, init?: RequestOptions & { withResponse?: false }): Promise<T>;
}

const ABSOLUTE_URL = /^https?:\/\//i;
/** Every API reply names its request with this header (when the server sets it), so a report can be matched to its logs. */
export const REQUEST_ID_HEADER = 'x-nimbus-id';
// W3C trace context: version-traceid-parentid-flags.
const TRACEPARENT = /^[0-9a-f]{2}-([0-9a-f]{32})-[0-9a-f]{16}-[0-9a-f]{2}$/;

function traceIdOf(traceparent: string | null): string | undefined {
  return traceparent ? TRACEPARENT.exec(traceparent.trim())?.[1] : undefined;
}
const API_PREFIXED = /^\/api(?:[/?#]|$)/;

function buildUrl(path: string, baseUrl: string, prefix: boolean, query: RequestOptions['query']): string {
  let url = path;
  if (!ABSOLUTE_URL.test(path)) {
    const rooted = path.startsWith('/') ? path : `/${path}`;
    url = baseUrl.replace(/\/+$/, '') + (prefix && !API_PREFIXED.test(rooted) ? `/api${rooted}` : rooted);
  }
  const search = new URLSearchParams();
  for (const [key, raw] of Object.entries(query ?? {})) {
    for (const value of Array.isArray(raw) ? raw : [raw]) {
      if (value !== undefined && value !== null) search.append(key, String(value));
    }
  }
  const qs = search.toString();
  return qs === '' ? url : `${url}${url.includes('?') ? '&' : '?'}${qs}`;
}

function isRawBody(body: unknown): boolean {
  return (
    typeof body === 'string' ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body) ||
    (typeof Blob !== 'undefined' && body instanceof Blob) ||
    (typeof FormData !== 'undefined' && body instanceof FormData) ||
    body instanceof URLSearchParams
  );
}

function encodeBody(body: unknown, headers: Headers): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (isRawBody(body)) return body as BodyInit;
  if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  return JSON.stringify(body);
}

function parseSuccess(status: number, contentType: string, text: string): unknown {
  if (status === 204 || text === '') return undefined;
  if (/^text\//i.test(contentType)) return text;
  try {
    return JSON.parse(text);
  } catch {
    // A 2xx that is not JSON would otherwise surface as a SyntaxError with no context.
    throw new ApiError(`Unexpected response: ${contentType} ${text}`, { status, code: 'unexpected_response' });
  }
}

export function createFetcher(options: FetcherOptions = {}): ApiFetch {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const browser = browserAuthDefaults();
  const handlers: AuthErrorHandlers = {
    currentPath: options.currentPath ?? browser?.currentPath ?? (() => ''),
    currentScope: options.currentScope,
    onMfaRequired: options.onMfaRequired ?? browser?.onMfaRequired,
    onMissingScope: options.onMissingScope ?? browser?.onMissingScope,
    onSamlRequired: options.onSamlRequired,
  };
  watchPageUnload();

  async function apiFetch(path: string, init: RequestOptions = {}): Promise<unknown> {
    const url = buildUrl(path, options.baseUrl ?? '', init.prefix ?? options.prefix ?? true, init.query);
    const headers = new Headers({ ...options.headers, ...init.headers });
    if (options.token && !headers.has('authorization')) {
      headers.set('authorization', `Bearer ${options.token}`);
    }
    const body = encodeBody(init.body, headers);
    const method = init.method ?? (body === undefined ? 'GET' : 'POST');

    let response: Response;
    let text: string;
    try {
      response = await fetchImpl(url, { method, headers, body, signal: init.signal, credentials: 'same-origin' });
      text = await response.text();
    } catch (cause) {
      const error = transportError(cause, Boolean(init.signal?.aborted) || isPageUnloading());
      if (!error.isAbort) options.onError?.(error);
      throw error;
    }

    const contentType = response.headers.get('content-type') ?? '';
    if (!response.ok) {
      const error = errorFromResponse({ status: response.status, contentType, text }, init.body, {
        requestId: response.headers.get(REQUEST_ID_HEADER) ?? undefined,
        traceId: traceIdOf(response.headers.get('traceparent')),
        path: new URL(url, 'http://x').pathname,
      });
      dispatchAuthError(error, handlers);
      options.onError?.(error);
      throw error;
    }
    const data = parseSuccess(response.status, contentType, text);
    return init.withResponse ? { data, status: response.status, headers: response.headers } : data;
  }

  return apiFetch as ApiFetch;
}
