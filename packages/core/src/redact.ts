// Strips personal data from analytics properties (docs/spec.md §3) before they leave the browser or server.

export const REDACTED = 'REDACTED';

// Matched case-insensitively: when in doubt about `Email` vs `email`, privacy wins.
const SENSITIVE_KEYS = new Set(['email', 'ip', 'phone']);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Returns a copy with every `email`, `ip` and `phone` property, at any depth, set to 'REDACTED'. */
export function redactProperties<T>(obj: T): T {
  if (Array.isArray(obj)) return obj.map((item) => redactProperties(item)) as T;
  if (!isPlainObject(obj)) return obj;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(obj)) {
    copy[key] = SENSITIVE_KEYS.has(key.toLowerCase()) ? REDACTED : redactProperties(value);
  }
  return copy as T;
}
