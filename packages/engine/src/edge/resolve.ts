// Where a request path ends up, in the order Vercel's static routing gives: clean-URL and
// trailing-slash redirects, the project's redirects, header rules, the filesystem, then rewrites
// (so `/(.*)` → `/index.html` is an SPA fallback, never a shadow over real files). A miss ends at
// the deployment's own 404.html or, failing that, the Nimbus 404 page.
import { conditionsHold, fill, type RequestFacts, type Rules } from './rules';

export interface OutputEntry {
  sha: string;
  size: number;
}

export type Resolution =
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'file'; status: 200 | 404; path: string; entry: OutputEntry; headers: [string, string][] }
  | { kind: 'missing'; headers: [string, string][] };

/**
 * `pathname` is decoded and normalised; `search` is the raw query string with its `?`, or ''.
 * `facts` are what has/missing conditions read; without them conditional rules do not apply.
 */
export function resolvePath(
  pathname: string,
  search: string,
  files: Map<string, OutputEntry>,
  rules: Rules,
  facts?: RequestFacts,
): Resolution {
  for (const rule of rules.redirects) {
    const match = rule.re.exec(pathname);
    const params = match && conditionsHold(rule, facts);
    if (match && params)
      return {
        kind: 'redirect',
        status: rule.status,
        location: withQuery(fill(rule.destination, match, rule.keys, params), search),
      };
  }
  const headers: [string, string][] = [];
  for (const rule of rules.headers) {
    const match = rule.re.exec(pathname);
    const params = match && conditionsHold(rule, facts);
    // A parameter filled in from the (decoded) path may hold characters a header cannot carry.
    if (match && params)
      for (const [key, value] of rule.headers)
        headers.push([key, fill(value, match, rule.keys, params).replace(/[^\t\x20-\x7e]+/g, encodeURIComponent)]);
  }
  let found = lookup(files, pathname, rules.cleanUrls);
  for (let i = 0; !found && i < rules.rewrites.length; i++) {
    const rule = rules.rewrites[i]!;
    const match = rule.re.exec(pathname);
    const params = match && conditionsHold(rule, facts);
    if (!match || !params) continue;
    const destination = fill(rule.destination, match, rule.keys, params).replace(/[?#].*$/, '');
    // Only same-deployment rewrites: proxying to another origin is not something a static edge does.
    if (destination.startsWith('/')) found = lookup(files, destination, rules.cleanUrls);
  }
  if (found) return { kind: 'file', status: 200, ...found, headers };
  const custom = files.get('404.html');
  return custom
    ? { kind: 'file', status: 404, path: '404.html', entry: custom, headers }
    : { kind: 'missing', headers };
}

/** The file a path names: itself, `<path>.html` under cleanUrls, or the directory's index.html. */
function lookup(files: Map<string, OutputEntry>, pathname: string, cleanUrls: boolean) {
  const key = pathname.slice(1);
  const candidates =
    key === '' || key.endsWith('/')
      ? [`${key}index.html`, cleanUrls && key !== '' ? `${key.slice(0, -1)}.html` : '']
      : [key, cleanUrls ? `${key}.html` : '', `${key}/index.html`];
  for (const path of candidates) {
    const entry = path ? files.get(path) : undefined;
    if (entry) return { path, entry };
  }
  return null;
}

/** Redirects carry the request's query string along, merged after the destination's own. */
function withQuery(location: string, search: string): string {
  if (!search || search === '?') return location;
  return location.includes('?') ? `${location}&${search.slice(1)}` : `${location}${search}`;
}
