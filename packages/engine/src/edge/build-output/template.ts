// `dest`, header and transform values are templates: literal text with `$1`, `$0` or `$name` between,
// split once when the routes are compiled (compile.ts) and joined on each request.

/** A `$1` / `$name` template: literal strings with the parameters between them. */
export type Template = (string | { param: string })[];

/** Named groups of a route's conditions (`has`, `missing`), beside the source match's own. */
export type Params = Record<string, string | undefined> | undefined;

export function template(text: string): Template {
  const parts: Template = [];
  let last = 0;
  for (const m of text.matchAll(/\$(\d+|[A-Za-z_][A-Za-z0-9_]*)/g)) {
    if (m.index > last) parts.push(text.slice(last, m.index));
    parts.push({ param: m[1]! });
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

/** `$1`, `$0` and `$name` filled from the source match and the conditions' named groups. */
export function fill(t: Template, m: RegExpExecArray, params: Params, encode?: (s: string) => string): string {
  if (t.length === 1 && typeof t[0] === 'string') return t[0];
  let out = '';
  for (const part of t) {
    if (typeof part === 'string') {
      out += part;
      continue;
    }
    const p = part.param;
    const value = (/^\d+$/.test(p) ? m[Number(p)] : (params?.[p] ?? m.groups?.[p])) ?? '';
    out += encode ? encode(value) : value;
  }
  return out;
}
