// Duration strings ("2h", "7 days") for config and CLI flags. Delegates the grammar to `ms` v3 but
// wraps it because `ms` formats numbers instead of passing them through, throws on "" instead of
// returning NaN, and its error messages differ from the ones docs/spec.md requires.
import { parse } from 'ms';

export const DURATION_MAX_LENGTH = 100;
export const DURATION_TOO_LONG = `Value exceeds the maximum length of ${DURATION_MAX_LENGTH} characters.`;
export const DURATION_WRONG_TYPE = 'Value is not a string or number.';

/** Milliseconds for a number or a "<number>[ ]<unit>" string; NaN when the string does not parse. */
export function parseDuration(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') throw new Error(DURATION_WRONG_TYPE);
  if (value.length > DURATION_MAX_LENGTH) throw new Error(DURATION_TOO_LONG);
  return value === '' ? Number.NaN : parse(value);
}

/**
 * A duration setting such as NIMBUS_BUILD_TIMEOUT: "15m", "90s", or a plain number counted in
 * `plainUnitMs` (seconds unless the setting says otherwise). NaN when it does not parse.
 */
export function parseDurationSetting(value: string, plainUnitMs = 1000): number {
  const trimmed = value.trim();
  if (trimmed.length > DURATION_MAX_LENGTH) return Number.NaN;
  return /^\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) * plainUnitMs : parseDuration(trimmed);
}
