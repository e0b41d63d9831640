// The filter language of `vercel logs --query` (KQL-like: `level:error AND httpStatus >= 500`,
// `requestPath:*checkout*`, `level:(error OR warning)`), read into a runtime_logs query. Only the
// subset the CLI composes and documents is understood: clauses joined by AND, each a field match,
// a list of alternatives or a numeric comparison. Anything else is a 400 naming what to change, so a
// query is never silently widened. Written here because no parser of this dialect is published.
import { DomainError, type RuntimeLogQuery } from '@nimbus/db';

export type LogFilter = Partial<Omit<RuntimeLogQuery, 'projectId' | 'limit'>> & {
  /** The filter can match nothing here (a source Nimbus does not produce, such as edge middleware). */
  none?: boolean;
};

const FIELDS =
  'level, source, stream, deploymentId, environment, requestId, requestPath, requestMethod, httpStatus, message';

const refuse = (message: string) => new DomainError('bad_request', `${message} Supported fields: ${FIELDS}.`);

/** Splits `text` on ` AND ` outside quotes and parentheses. */
function splitAnd(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    else if (!quoted && c === '(') depth++;
    else if (!quoted && c === ')') depth--;
    else if (!quoted && depth === 0 && /^\sAND\s/i.test(text.slice(i, i + 5))) {
      parts.push(text.slice(start, i));
      start = i + 5;
      i += 4;
    }
  }
  parts.push(text.slice(start));
  return parts.map((p) => p.trim()).filter(Boolean);
}

/** `(x)` → `x` when the parentheses wrap the whole clause. */
function unwrap(clause: string): string {
  while (clause.startsWith('(') && clause.endsWith(')')) {
    let depth = 0;
    let wraps = true;
    for (let i = 0; i < clause.length - 1; i++) {
      if (clause[i] === '(') depth++;
      else if (clause[i] === ')') depth--;
      if (depth === 0) {
        wraps = false;
        break;
      }
    }
    if (!wraps) break;
    clause = clause.slice(1, -1).trim();
  }
  return clause;
}

const unquote = (v: string) => (v.startsWith('"') && v.endsWith('"') ? (JSON.parse(v) as string) : v);

/** `a`, `"a b"` or `(a OR b)` → the values. */
function values(raw: string): string[] {
  const v = raw.trim();
  if (v.startsWith('(') && v.endsWith(')'))
    return v
      .slice(1, -1)
      .split(/\s+OR\s+/i)
      .map((x) => unquote(x.trim()));
  return [unquote(v)];
}

function narrowStatus(filter: LogFilter, min: number, max: number) {
  const was = filter.status ?? { min: 0, max: 1000 };
  filter.status = { min: Math.max(was.min, min), max: Math.min(was.max, max) };
  if (filter.status.min >= filter.status.max) filter.none = true;
}

function apply(filter: LogFilter, field: string, op: string, raw: string) {
  const list = values(raw);
  const one = () => {
    if (list.length !== 1) throw refuse(`"${field}" takes one value here.`);
    return list[0]!;
  };
  const text = () => one().replace(/^\*|\*$/g, '');
  switch (field) {
    case 'httpStatus':
    case 'statusCode': {
      if (op === ':' && list.every((v) => /^\d{3}$/.test(v))) {
        if (list.length > 1)
          throw refuse('httpStatus takes one code, or a range: httpStatus >= 500 AND httpStatus < 600.');
        return narrowStatus(filter, Number(list[0]), Number(list[0]) + 1);
      }
      const n = Number(one());
      if (!Number.isInteger(n)) throw refuse(`httpStatus compares with a number, not "${raw}".`);
      if (op === '>=') return narrowStatus(filter, n, 1000);
      if (op === '>') return narrowStatus(filter, n + 1, 1000);
      if (op === '<') return narrowStatus(filter, 0, n);
      if (op === '<=') return narrowStatus(filter, 0, n + 1);
      throw refuse(`httpStatus does not take "${op}".`);
    }
    case 'level': {
      const levels = list.map((l) => (l === 'fatal' ? 'error' : l));
      if (!levels.every((l) => l === 'info' || l === 'warning' || l === 'error'))
        throw refuse('level is one of info, warning, error.');
      filter.levels = levels as LogFilter['levels'];
      return;
    }
    case 'source':
      // Every Nimbus runtime row comes from a function (serverless); other sources have no rows.
      if (!list.some((s) => s === 'function' || s === 'serverless' || s === 'request')) filter.none = true;
      return;
    case 'stream':
      if (!list.every((s) => s === 'stdout' || s === 'stderr')) throw refuse('stream is stdout or stderr.');
      filter.sources = list as LogFilter['sources'];
      return;
    case 'pathType':
      return;
    case 'deploymentId':
      filter.deploymentId = one();
      return;
    case 'environment':
      filter.environment = one();
      return;
    case 'requestId':
      filter.requestId = one();
      return;
    case 'requestMethod':
      filter.method = one();
      return;
    case 'requestPath':
      filter.path = text();
      return;
    case 'message':
      filter.text = text();
      return;
    default:
      throw refuse(`The filter field "${field}" is not supported.`);
  }
}

/** Reads a `--query` filter; throws a 400 DomainError for what it cannot honour. */
export function parseLogFilter(input: string | undefined): LogFilter {
  const filter: LogFilter = {};
  if (!input?.trim()) return filter;
  const walk = (text: string) => {
    for (const part of splitAnd(text)) {
      const clause = unwrap(part);
      if (clause !== part && splitAnd(clause).length > 1) {
        walk(clause);
        continue;
      }
      if (/^NOT\s+pathType\s*:/i.test(clause)) continue;
      const m = /^([A-Za-z][\w.]*)\s*(>=|<=|!=|:|>|<)\s*(.+)$/s.exec(clause);
      if (!m) throw refuse(`Nimbus cannot read the filter "${clause}": write field:value clauses joined by AND.`);
      if (m[2] === '!=') throw refuse(`"${m[1]} != …" is not supported.`);
      if (/\s+OR\s+/i.test(m[3]!) && !m[3]!.trim().startsWith('('))
        throw refuse('OR joins values inside field:(a OR b).');
      apply(filter, m[1]!, m[2]!, m[3]!);
    }
  };
  walk(input);
  return filter;
}
