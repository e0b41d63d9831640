// Next.js logs the errors of the pages it renders itself, with the whole error object. A failed
// query carries its parameters (password and token hashes among them), so in this process every
// console line that would print a database error prints `describeError` instead (@nimbus/db).
import { describeError, isDatabaseError } from '@nimbus/core';

const METHODS = ['error', 'warn', 'log', 'info'] as const;
const redacted = new WeakSet<object>();

/** Replaces database errors among the arguments of console.error/warn/log/info with their safe description. */
export function redactDatabaseErrors(target: Pick<Console, (typeof METHODS)[number]> = console): void {
  if (redacted.has(target)) return;
  redacted.add(target);
  for (const method of METHODS) {
    const original = target[method].bind(target);
    target[method] = (...args: unknown[]) =>
      original(...args.map((arg) => (isDatabaseError(arg) ? describeError(arg) : arg)));
  }
}
