import { describe, expect, it } from 'vitest';
import { createLogger } from './logger';

function capture(level: Parameters<typeof createLogger>[0]) {
  const lines: string[] = [];
  const sink = {
    error: (m: string) => lines.push(`error ${m}`),
    warn: (m: string) => lines.push(`warn ${m}`),
    info: (m: string) => lines.push(`info ${m}`),
    debug: (m: string) => lines.push(`debug ${m}`),
  };
  const logger = createLogger(level, sink);
  for (const at of ['error', 'warn', 'info', 'debug', 'verbose'] as const) logger[at](at);
  return lines;
}

describe('the browser logger', () => {
  it('writes what is at or below its level', () => {
    expect(capture('none')).toEqual([]);
    expect(capture('error')).toEqual(['error error']);
    expect(capture('warn')).toEqual(['error error', 'warn warn']);
    expect(capture('debug')).toEqual(['error error', 'warn warn', 'info info', 'debug debug']);
    expect(capture('all')).toHaveLength(5);
  });

  it('follows a level changed at run time', () => {
    const lines: unknown[] = [];
    const logger = createLogger('none', { error: (m) => lines.push(m), warn() {}, info() {}, debug() {} });
    logger.error('hidden');
    logger.level = 'error';
    logger.error('shown');
    expect(lines).toEqual(['shown']);
  });
});
