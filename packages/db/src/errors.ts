// Typed domain errors: domain code throws them with a message a person can act on; the API maps the
// code to an HTTP status in one place (packages/api/src/errors.ts).
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
  | 'invalid_signature';

export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'DomainError';
  }
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
