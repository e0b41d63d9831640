// Log levels of docs/spec.md §9, shared by the browser logger and error reporting: a message is
// written when its level is at or below the configured one, so `none` silences everything and
// `all` lets everything through.

export const LOG_LEVELS = {
  none: 0,
  error: 30,
  warn: 50,
  info: 60,
  debug: 70,
  verbose: 80,
  all: 9999,
} as const;

export type LogLevelName = keyof typeof LOG_LEVELS;

/** Whether a message of `level` is written when the logger is set to `threshold`. */
export function logLevelEnabled(threshold: LogLevelName, level: Exclude<LogLevelName, 'none' | 'all'>): boolean {
  return LOG_LEVELS[level] <= LOG_LEVELS[threshold];
}

export function isLogLevelName(value: unknown): value is LogLevelName {
  return typeof value === 'string' && Object.hasOwn(LOG_LEVELS, value);
}
