// The error vocabulary of Nimbus, shared by every layer and the browser: the codes a person can act
// on (`ErrorCode`), the status each is answered with, the domain error that carries one, the
// `{error:{code,message}}` envelope every JSON error reply is built with, and a log line for any
// error that never leaks query parameters.
//
// `DomainError` is recognised by a brand, not by its class alone: the dashboard's bundle and the
// server's modules each load their own copy of this file (Next.js bundles @nimbus/core but loads
// the API and database packages from node_modules), and an error thrown by one copy must still be
// `instanceof DomainError` in the other.

export type ErrorCode =
  | 'bad_request'
  | 'missing_scope'
  | 'invalid_name'
  | 'invalid_slug'
  | 'slug_taken'
  | 'email_taken'
  | 'invalid_credentials'
  | 'not_authenticated'
  | 'forbidden'
  | 'forbidden_origin'
  | 'not_found'
  | 'conflict'
  | 'rate_limited'
  | 'last_owner'
  | 'payload_too_large'
  | 'missing_files'
  | 'invalid_digest'
  | 'invalid_token'
  | 'invitation_invalid'
  | 'weak_password'
  | 'reset_invalid'
  | 'signup_invalid'
  | 'plan_limit'
  | 'payment_required'
  | 'billing_unavailable'
  | 'mfa_enforced'
  | 'invalid_code'
  | 'invalid_domain'
  | 'dns_not_supported'
  | 'registrar_not_supported'
  | 'repo_not_found'
  | 'invalid_signature'
  // The device flow's answers to a poll (RFC 8628 §3.5), which `nimbus login` branches on.
  | 'authorization_pending'
  | 'slow_down'
  | 'expired_token'
  | 'access_denied';

/** The HTTP status each code is answered with, in the API and wherever else Nimbus answers with an error. */
export const ERROR_STATUS: Record<ErrorCode, 400 | 401 | 402 | 403 | 404 | 409 | 413 | 429 | 503> = {
  bad_request: 400,
  invalid_name: 400,
  invalid_slug: 400,
  slug_taken: 409,
  email_taken: 409,
  invalid_credentials: 401,
  not_authenticated: 403,
  invalid_token: 403,
  forbidden: 403,
  forbidden_origin: 403,
  mfa_enforced: 403,
  invalid_code: 400,
  missing_scope: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  last_owner: 400,
  payload_too_large: 413,
  missing_files: 400,
  invalid_digest: 400,
  invitation_invalid: 404,
  weak_password: 400,
  reset_invalid: 400,
  signup_invalid: 400,
  plan_limit: 403,
  payment_required: 402,
  billing_unavailable: 503,
  invalid_domain: 400,
  dns_not_supported: 400,
  registrar_not_supported: 400,
  repo_not_found: 400,
  invalid_signature: 401,
  authorization_pending: 400,
  slow_down: 400,
  expired_token: 400,
  access_denied: 400,
};

const BRAND = Symbol.for('nimbus.DomainError');

export class DomainError extends Error {
  static [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[BRAND] === true;
  }

  readonly [BRAND] = true;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/** The JSON body of every error reply: `extra` first, so it can never replace the code or the message. */
export function errorEnvelope(code: string, message: string, extra: Record<string, unknown> = {}) {
  return { error: { ...extra, code, message } };
}

export const notFound = (what: string) => new DomainError('not_found', `${what} was not found.`);
export const forbidden = (message = 'You do not have permission to do this.') => new DomainError('forbidden', message);

/** A failed query (drizzle's DrizzleQueryError) or the database's own error. */
export const isDatabaseError = (err: unknown): boolean =>
  err instanceof Error && (typeof (err as { query?: unknown }).query === 'string' || databaseCause(err) !== null);

/** The PostgreSQL error behind a failed query (drizzle wraps it as `cause`), if any, its quoted values hidden. */
function databaseCause(err: unknown): { code: string; message: string } | null {
  for (let e = err, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    // PostgreSQL quotes values in some messages (`invalid input syntax for type integer: "..."`).
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code))
      return { code, message: e.message.replace(/"[^"]*"/g, '"…"') };
  }
  return null;
}

/**
 * The SQLSTATE of a database error that bad input causes, not a fault of ours: data exceptions
 * (class 22: NUL bytes, dates or numbers out of range, bad encodings) and an index row that is too
 * long (54000). The API answers these with 400 (packages/api/src/errors.ts).
 */
export function inputErrorCode(err: unknown): string | null {
  const code = databaseCause(err)?.code;
  return code && (code.startsWith('22') || code === '54000') ? code : null;
}

/**
 * One log line for any error, safe to write anywhere: a failed query shows its SQL, the
 * database's code and message and the stack, never its parameters (drizzle puts them in the
 * message and in `params`; they can be password hashes or token hashes), nor a value PostgreSQL
 * quotes in its message or `detail` ("Key (token_hash)=(...) already exists").
 */
export function describeError(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const frames = (err.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  const query = (err as { query?: unknown }).query;
  const cause = databaseCause(err);
  if (typeof query === 'string' || cause) {
    const head = typeof query === 'string' ? `Failed query: ${query}` : err.name;
    return [`${head} (${cause ? `${cause.code} ${cause.message}` : 'no database error'})`, ...frames].join('\n');
  }
  return err.stack ?? `${err.name}: ${err.message}`;
}
