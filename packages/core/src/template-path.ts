// Fills `{param}` placeholders in API paths (docs/spec.md §5) so callers never hand-build encoded URLs.

export type PathParams = Record<string, string | number | boolean | undefined | null>;

const PLACEHOLDER = /\{([^{}]+)\}/g;

/**
 * Replaces each `{name}` with its URL-encoded value and appends the remaining defined params as a
 * query string. A placeholder without a value throws: a request to a literal `{id}` is always a bug.
 */
export function templatePath(path: string, params: PathParams): string {
  const used = new Set<string>();
  const filled = path.replace(PLACEHOLDER, (_match, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) {
      throw new Error(`Missing value for path parameter "${name}" in ${path}`);
    }
    used.add(name);
    return encodeURIComponent(String(value));
  });

  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (used.has(name) || value === undefined || value === null) continue;
    query.append(name, String(value));
  }
  const search = query.toString();
  if (search === '') return filled;
  return `${filled}${filled.includes('?') ? '&' : '?'}${search}`;
}
