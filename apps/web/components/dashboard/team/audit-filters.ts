// The Activity filters of a team's audit log, read from the page's URL (`?action=&actor=&from=&to=&before=`)
// and turned into the query of GET /v3/events, so the page, its "Older" link and the exports agree.
import { isAuditAction } from '@nimbus/core';

export interface AuditFilters {
  action: string;
  actor: string;
  /** Days as the date inputs give them, YYYY-MM-DD (UTC). */
  from: string;
  to: string;
  /** The cursor of the page: events before this millisecond. */
  before: string;
}

type Params = Record<string, string | string[] | undefined>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? '';

export function readFilters(params: Params): AuditFilters {
  const action = one(params.action);
  const from = one(params.from);
  const to = one(params.to);
  const before = one(params.before);
  return {
    action: isAuditAction(action) ? action : '',
    actor: one(params.actor).slice(0, 100),
    from: DAY.test(from) ? from : '',
    to: DAY.test(to) ? to : '',
    before: /^\d{1,16}$/.test(before) ? before : '',
  };
}

/** The service query: `to` includes its whole day. */
export function eventsQuery(f: AuditFilters) {
  const end = f.to ? Date.parse(`${f.to}T00:00:00Z`) + 86_400_000 : Number.NaN;
  const until = f.before || (Number.isNaN(end) ? undefined : String(end));
  return {
    types: f.action || undefined,
    principalId: f.actor || undefined,
    since: f.from ? `${f.from}T00:00:00.000Z` : undefined,
    until,
  };
}

/** The same filters as URL parameters, without the empty ones. */
export function filterParams(f: Record<string, string | undefined>): string {
  const params = new URLSearchParams(Object.entries(f).filter(([, v]) => v) as [string, string][]);
  const text = params.toString();
  return text ? `?${text}` : '';
}
