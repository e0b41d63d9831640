// A route's `transforms` (Build Output API, @vercel/routing-utils `Transform`): edits to the request's
// headers, query and path and to the response's headers, applied when the route matches. Vercel's
// newer builders write them (the Bun and backend builders send every path to one function with
// `request.path` set to the path asked for). Values are `$1` / `$name` templates like a `dest`.
// Not supported: `env` (values from the deployment's environment), refused with the route's index.
import type { RequestState } from './request-state';
import { fill, type Params, type Template, template } from './template';

type KeyMatch = { eq?: string | number; neq?: string; inc?: string[]; ninc?: string[]; pre?: string; suf?: string };

export interface CompiledTransform {
  type: 'request.headers' | 'request.query' | 'response.headers' | 'request.path';
  op: 'set' | 'append' | 'delete';
  /** The name a set or append writes; a delete may match names instead. Headers are lower-cased. */
  key?: string;
  matches?: (name: string) => boolean;
  args: Template[];
}

const TYPES = new Set(['request.headers', 'request.query', 'response.headers', 'request.path']);
const OPS = new Set(['set', 'append', 'delete']);

export function compileTransforms(list: unknown, onError: (e: string) => void): CompiledTransform[] | null {
  if (!Array.isArray(list)) return (onError('has transforms that are not a list'), null);
  const out: CompiledTransform[] = [];
  for (const [i, t] of list.entries()) {
    const issue = (e: string) => (onError(`has transform ${i} ${e}`), null);
    if (typeof t !== 'object' || t === null) return issue('that is not an object');
    const { type, op, target, args, env } = t as Record<string, unknown>;
    if (typeof type !== 'string' || !TYPES.has(type)) return issue(`with an unknown type ${JSON.stringify(type)}`);
    if (typeof op !== 'string' || !OPS.has(op)) return issue(`with an unknown op ${JSON.stringify(op)}`);
    if (Array.isArray(env) && env.length) return issue('that reads env, which Nimbus does not support');
    const values = args === undefined ? [] : Array.isArray(args) ? args : [args];
    if (!values.every((v) => typeof v === 'string')) return issue('whose args are not strings');
    const compiled = { type, op, args: values.map(template) } as CompiledTransform;
    if (type === 'request.path') {
      if (op !== 'set' || values.length !== 1) return issue('on request.path: only set, with one path');
      out.push(compiled);
      continue;
    }
    const key = (target as { key?: unknown } | undefined)?.key;
    const lower = (s: string) => (type === 'request.query' ? s : s.toLowerCase());
    if (typeof key === 'string') compiled.key = lower(key);
    else if (op === 'delete' && typeof key === 'object' && key !== null) {
      const match = key as KeyMatch;
      compiled.matches = (name) => keyMatches(name, match, lower);
    } else return issue('without a key name');
    if (op !== 'delete' && !values.length) return issue(`that ${op}s no value`);
    out.push(compiled);
  }
  return out;
}

function keyMatches(name: string, m: KeyMatch, lower: (s: string) => string): boolean {
  if (m.eq !== undefined && name !== lower(String(m.eq))) return false;
  if (m.neq !== undefined && name === lower(m.neq)) return false;
  if (m.inc && !m.inc.map(lower).includes(name)) return false;
  if (m.ninc?.map(lower).includes(name)) return false;
  if (m.pre !== undefined && !name.startsWith(lower(m.pre))) return false;
  if (m.suf !== undefined && !name.endsWith(lower(m.suf))) return false;
  return true;
}

export function applyTransforms(
  st: RequestState,
  transforms: CompiledTransform[],
  m: RegExpExecArray,
  params: Params,
): void {
  for (const t of transforms) {
    const values = t.args.map((a) => fill(a, m, params));
    const hit = (name: string) => (t.key !== undefined ? name === t.key : t.matches!(name));
    if (t.type === 'request.path') {
      const p = values[0]!;
      st.functionPath = p.startsWith('/') ? p : `/${p}`;
    } else if (t.type === 'request.headers') {
      const headers = { ...st.currentHeaders() };
      for (const name of Object.keys(headers)) if (t.op !== 'append' && hit(name)) delete headers[name];
      if (t.op !== 'delete') {
        const value = values.join(', ');
        headers[t.key!] = t.op === 'append' && headers[t.key!] ? `${headers[t.key!]}, ${value}` : value;
      }
      st.replaceRequestHeaders(headers);
    } else if (t.type === 'request.query') {
      st.editQuery((pairs) => [
        ...(t.op === 'append' ? pairs : pairs.filter(([k]) => !hit(k))),
        ...(t.op === 'delete' ? [] : values.map((v) => [t.key!, v] as [string, string])),
      ]);
    } else if (t.op === 'delete') {
      for (const name of [...(st.headers?.keys() ?? [])]) if (hit(name)) st.headers!.delete(name);
    } else {
      const existing = t.op === 'append' ? st.headers?.get(t.key!) : undefined;
      const value = values.join(', ');
      st.headers?.delete(t.key!);
      st.setHeader(t.key!, existing === undefined ? value : `${[existing].flat().join(', ')}, ${value}`, false, false);
    }
  }
}
