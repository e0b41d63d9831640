import { describe, expect, it } from 'vitest';
import { parseDuration, parseDurationSetting } from './duration';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const YEAR = 31_557_600_000;

describe('parseDuration', () => {
  it.each([
    [1500, 1500],
    [0, 0],
    [-3, -3],
    ['100', 100],
    ['100ms', 100],
    ['1.5s', 1.5 * SECOND],
    ['2 seconds', 2 * SECOND],
    ['10m', 10 * MINUTE],
    ['1 minute', MINUTE],
    ['2h', 2 * HOUR],
    ['3 hours', 3 * HOUR],
    ['1d', DAY],
    ['7 days', 7 * DAY],
    ['2w', 14 * DAY],
    ['1 week', 7 * DAY],
    ['1y', YEAR],
    ['2 years', 2 * YEAR],
    ['-1h', -HOUR],
    ['.5d', DAY / 2],
    ['5 MINUTES', 5 * MINUTE],
  ])('%j → %d', (input, expected) => {
    expect(parseDuration(input)).toBe(expected);
  });

  it('uses a 365.25-day year', () => {
    expect(parseDuration('1 year')).toBe(31557600000);
  });

  it.each(['', 'soon', '1 fortnight', 'h', '1h 30m', ' 1h'])('%j is NaN', (input) => {
    expect(parseDuration(input)).toBeNaN();
  });

  it('accepts exactly 100 characters and rejects 101', () => {
    expect(parseDuration('1'.padStart(100, '0'))).toBe(1);
    expect(() => parseDuration('1'.repeat(101))).toThrow(
      new Error('Value exceeds the maximum length of 100 characters.'),
    );
  });

  it.each([undefined, null, {}, [], true, 10n])('rejects %s', (input) => {
    expect(() => parseDuration(input)).toThrow(new Error('Value is not a string or number.'));
  });
});

describe('parseDurationSetting', () => {
  it.each([
    ['15m', 15 * MINUTE],
    ['90s', 90 * SECOND],
    ['900', 900 * SECOND],
    [' 2h ', 2 * HOUR],
  ])('reads %j as %d ms, a plain number as seconds', (input, ms) => {
    expect(parseDurationSetting(input)).toBe(ms);
  });

  it('counts a plain number in the unit the setting names', () => {
    expect(parseDurationSetting('250', 1)).toBe(250);
  });

  it.each(['', 'soon', '15 mins later', 'x'.repeat(200)])('gives NaN for %j', (input) => {
    expect(parseDurationSetting(input)).toBeNaN();
  });
});
