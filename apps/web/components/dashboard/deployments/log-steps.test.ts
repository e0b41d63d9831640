// The build log's summary: stderr counts as warnings (never errors), steps carry their durations, and
// search and copy work on the text a reader sees.
import { describe, expect, it } from 'vitest';
import { countLevels, groupSteps, type Line, logText, matching, stepDuration } from './log-steps';

let id = 0;
const line = (type: string, text: string, created: number, level?: 'warning' | 'error'): Line =>
  ({ id: String(++id), type, text, created, level }) as Line;

const log = [
  line('stdout', 'Downloaded 3 deployment files.', 1_000),
  line('command', 'Running "npm install"', 2_000),
  line('stdout', 'added 1 package', 3_000),
  line('stderr', 'npm warn deprecated', 4_000, 'warning'),
  line('command', 'Running "npm run build"', 14_500),
  line('stdout', 'built', 15_000),
  line('stderr', 'console.warn: slow', 16_000, 'warning'),
];

describe('build log steps', () => {
  it('groups lines under the command that printed them, with how long each step took', () => {
    const steps = groupSteps(log);
    expect(steps.map((s) => [s.command?.text, s.lines.length, s.durationMs])).toEqual([
      [undefined, 1, 1_000],
      ['Running "npm install"', 2, 12_500],
      ['Running "npm run build"', 2, 1_500],
    ]);
    expect(stepDuration(12_500)).toBe('13s');
    expect(stepDuration(1_500)).toBe('1.5s');
    expect(stepDuration(125_000)).toBe('2m 5s');
  });

  it('counts stderr as warnings: a successful build has no error lines', () => {
    expect(countLevels(log)).toEqual({ warnings: 2, errors: 0 });
    expect(countLevels([...log, line('stderr', 'Command exited with 1', 17_000, 'error')])).toEqual({
      warnings: 2,
      errors: 1,
    });
  });

  it('searches without case and copies every line with its time', () => {
    expect(matching(log, 'WARN').map((l) => l.text)).toEqual(['npm warn deprecated', 'console.warn: slow']);
    expect(matching(log, '  ')).toHaveLength(log.length);
    expect(logText(log.slice(0, 2))).toBe('00:00:01  Downloaded 3 deployment files.\n00:00:02  Running "npm install"');
  });
});
