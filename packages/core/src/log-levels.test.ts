import { describe, expect, it } from 'vitest';
import { isLogLevelName, LOG_LEVELS, logLevelEnabled } from './log-levels';

describe('log levels', () => {
  it('are the numbers of docs/spec.md §9', () => {
    expect(LOG_LEVELS).toEqual({ none: 0, error: 30, warn: 50, info: 60, debug: 70, verbose: 80, all: 9999 });
  });

  it('let through what is at or below the threshold', () => {
    expect(logLevelEnabled('none', 'error')).toBe(false);
    expect(logLevelEnabled('error', 'error')).toBe(true);
    expect(logLevelEnabled('error', 'warn')).toBe(false);
    expect(logLevelEnabled('info', 'warn')).toBe(true);
    expect(logLevelEnabled('info', 'debug')).toBe(false);
    expect(logLevelEnabled('all', 'verbose')).toBe(true);
    expect(isLogLevelName('warn')).toBe(true);
    expect(isLogLevelName('toString')).toBe(false);
  });
});
