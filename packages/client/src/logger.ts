// A small logger for browser code, filtered by the log levels of docs/spec.md §9: a message is
// written when its level is at or below the logger's. Error reporting writes through it, so a page
// set to `none` stays quiet and one set to `debug` shows what was sent and what was dropped.
import { type LogLevelName, logLevelEnabled } from '@nimbus/core';

type WriteLevel = 'error' | 'warn' | 'info' | 'debug' | 'verbose';

export interface Logger {
  level: LogLevelName;
  error(...args: unknown[]): void;
  warn(...args: unknown[]): void;
  info(...args: unknown[]): void;
  debug(...args: unknown[]): void;
  verbose(...args: unknown[]): void;
}

type Sink = Pick<Console, 'error' | 'warn' | 'info' | 'debug'>;

export function createLogger(level: LogLevelName = 'warn', sink: Sink = console): Logger {
  const logger = { level } as Logger;
  const write = (at: WriteLevel, out: (...args: unknown[]) => void) => {
    logger[at] = (...args: unknown[]) => {
      if (logLevelEnabled(logger.level, at)) out(...args);
    };
  };
  write('error', (...a) => sink.error(...a));
  write('warn', (...a) => sink.warn(...a));
  write('info', (...a) => sink.info(...a));
  write('debug', (...a) => sink.debug(...a));
  write('verbose', (...a) => sink.debug(...a));
  return logger;
}
