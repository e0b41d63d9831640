// /{team}/~/settings/audit-log/export?format=csv|json&…filters: the team's audit log as a download,
// the filters of the page applied, at most EXPORT_LIMIT events. Owners only, like the page.

import { DomainError, ERROR_STATUS, errorEnvelope } from '@nimbus/core';
import { stringify } from 'csv-stringify/sync';
import { eventsQuery, readFilters } from '@/components/dashboard/team/audit-filters';
import { audit, teamContext } from '@/lib/data';
import { getSession, getTeam } from '@/lib/session';

const COLUMNS = [
  'time',
  'actor',
  'email',
  'action',
  'text',
  'targetType',
  'targetId',
  'targetName',
  'ip',
  'userAgent',
  'tokenId',
];

export async function GET(request: Request, { params }: { params: Promise<{ team: string }> }) {
  if (!(await getSession()))
    return Response.json(errorEnvelope('not_authenticated', 'Log in first.'), {
      status: ERROR_STATUS.not_authenticated,
    });
  const team = await getTeam((await params).team);
  const url = new URL(request.url);
  const filters = readFilters(Object.fromEntries(url.searchParams));
  const events = await audit
    .exportAll(await teamContext(team.id), eventsQuery(filters))
    .catch((error: unknown) => error);
  // A refusal the service explains (a role that may not export, a bad filter) is answered with its
  // own status; anything else is a fault of ours, left to Next.js's 500 without its message.
  if (!Array.isArray(events)) {
    if (!(events instanceof DomainError)) throw events;
    return Response.json(errorEnvelope(events.code, events.message, events.extra), {
      status: ERROR_STATUS[events.code] ?? 400,
    });
  }
  const name = `${team.slug}-audit-log-${new Date().toISOString().slice(0, 10)}`;
  if (url.searchParams.get('format') === 'json')
    return new Response(JSON.stringify({ events }, null, 2), {
      headers: { 'content-type': 'application/json', 'content-disposition': `attachment; filename="${name}.json"` },
    });
  const rows = events.map((e) => [
    new Date(e.createdAt).toISOString(),
    e.user.username,
    e.user.email,
    e.action,
    e.text,
    e.target.type,
    e.target.id,
    e.target.name ?? '',
    e.ip ?? '',
    e.userAgent ?? '',
    e.tokenId ?? '',
  ]);
  // escape_formulas: a name such as "=HYPERLINK(…)" must stay text when the file opens in a spreadsheet.
  const csv = stringify(rows, { header: true, columns: COLUMNS, escape_formulas: true });
  return new Response(csv, {
    headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${name}.csv"` },
  });
}
