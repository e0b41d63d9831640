// How a failed command ends: one line a person can act on, on stderr, and exit status 1. API errors
// carry the server's envelope message; a few codes get a hint about what to run next.
import { ApiError } from '@nimbus/client';
import { err } from './output';

/** A problem found by the CLI itself (bad argument, missing link), reported like an API error. */
export class CliError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CliError';
  }
}

const HINTS: Record<string, string> = {
  invalid_token: 'Run `nimbus login` to sign in again, or check NIMBUS_TOKEN.',
  not_authenticated: 'Run `nimbus login`, or set NIMBUS_TOKEN.',
};

function describeError(error: unknown, api: string): string {
  if (error instanceof ApiError) {
    if (error.code === 'network_error')
      return `Could not reach the Nimbus server at ${api}. Is it running? Pass --api <url> for another server.`;
    const hint = HINTS[error.code];
    return hint ? `${error.message} ${hint}` : error.message;
  }
  if (error instanceof CliError) return error.message;
  return error instanceof Error ? `Unexpected error: ${error.message}` : `Unexpected error: ${String(error)}`;
}

export function reportError(error: unknown, api: string): void {
  process.stderr.write(`${err.red('Error:')} ${describeError(error, api)}\n`);
}
