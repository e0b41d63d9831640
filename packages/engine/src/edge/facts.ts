// What a deployment's has/missing conditions read from a request (rules.ts), read lazily: a
// cookie or query parameter is parsed only when a rule asks for one. With the URL, the set of
// conditions that hold decides the answer, so it is also part of the plan cache key.
import type { IncomingMessage } from 'node:http';
import { parse as parseCookies } from 'hono/utils/cookie';
import { hostnameOf } from './hosts';
import { conditionsHold, type RequestFacts, type Rules } from './rules';

export function requestFacts(req: IncomingMessage): RequestFacts {
  const url = req.url ?? '/';
  let cookies: Record<string, string> | undefined;
  let query: URLSearchParams | undefined;
  return {
    header(name) {
      const value = req.headers[name];
      return Array.isArray(value) ? value.join(', ') : value;
    },
    cookie: (name) => (cookies ??= parseCookies(req.headers.cookie ?? ''))[name],
    query(name) {
      const q = url.indexOf('?');
      return (query ??= new URLSearchParams(q < 0 ? '' : url.slice(q + 1))).get(name) ?? undefined;
    },
    host: hostnameOf(req.headers.host ?? ''),
  };
}

/** Which conditional rules hold and with which captured values, as a string. */
export function conditionKey(rules: Rules, facts: RequestFacts): string {
  let key = '';
  for (const rule of rules.conditional) {
    const params = conditionsHold(rule, facts);
    key += params ? `1${JSON.stringify(params)}` : '0';
  }
  return key;
}
