// Typed domain errors: domain code throws them with a message a person can act on; the API maps the
// code to an HTTP status in one place (packages/api/src/errors.ts).
export type ErrorCode =
  | 'bad_request'
  | 'invalid_name'
  | 'invalid_slug'
  | 'slug_taken'
  | 'email_taken'
  | 'invalid_credentials'
  | 'not_authenticated'
  | 'forbidden'
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
  | 'reset_invalid';

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
