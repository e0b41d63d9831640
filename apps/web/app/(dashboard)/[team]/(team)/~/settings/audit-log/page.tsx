// /{team}/~/settings/audit-log: who changed what in the team, when and from where (services/audit.ts),
// with filters by action, person and dates, older pages, and CSV or JSON downloads. Owners only, as
// GET /v3/events; other roles see the Activity tab.
import { AUDIT_ACTIONS, type AuditAction, can } from '@nimbus/core';
import { buttonClass, Card, Field, Input, Select } from '@nimbus/ui';
import type { Metadata } from 'next';
import Link from 'next/link';
import { TimeAgo } from '@/components/dashboard/deployments/time-ago';
import { LoginRedirect } from '@/components/dashboard/login-redirect';
import { eventsQuery, filterParams, readFilters } from '@/components/dashboard/team/audit-filters';
import { audit, teamContext } from '@/lib/data';
import { getSession, getTeam } from '@/lib/session';

type Props = {
  params: Promise<{ team: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `Audit log – ${(await params).team}` };
}

export default async function AuditLogPage({ params, searchParams }: Props) {
  if (!(await getSession())) return <LoginRedirect />;
  const team = await getTeam((await params).team);
  if (!can(team.membership?.role ?? 'VIEWER', 'audit:read'))
    return (
      <Card title="Audit log">
        <p className="text-sm text-muted">Only owners of the team can read its audit log.</p>
      </Card>
    );
  const filters = readFilters(await searchParams);
  const ctx = await teamContext(team.id);
  const [{ events, pagination }, people] = await Promise.all([
    audit.list(ctx, { ...eventsQuery(filters), limit: 50 }),
    audit.actors(ctx),
  ]);
  const base = `/${team.slug}/~/settings/audit-log`;
  const { before: _, ...kept } = filters;
  return (
    <Card
      title="Audit log"
      description="Changes to members, tokens, projects, environment variables, deployments, settings and the plan, newest first."
    >
      {/* Keyed by the filters: "Clear" is a client-side navigation, and without a new form the inputs
          would keep the values typed before it (a changed defaultValue does not reset an input). */}
      <form
        key={JSON.stringify(filters)}
        method="get"
        action={base}
        aria-label="Filter events"
        className="mb-4 grid gap-3 sm:grid-cols-5 sm:items-end"
      >
        <Field label="Action">
          {(control) => (
            <Select {...control} name="action" defaultValue={filters.action}>
              <option value="">All actions</option>
              {(Object.entries(AUDIT_ACTIONS) as [AuditAction, { label: string }][]).map(([name, spec]) => (
                <option key={name} value={name}>
                  {spec.label}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Person">
          {(control) => (
            <Select {...control} name="actor" defaultValue={filters.actor}>
              <option value="">Everyone</option>
              {people.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="From">
          {(control) => <Input {...control} type="date" name="from" defaultValue={filters.from} />}
        </Field>
        <Field label="To">{(control) => <Input {...control} type="date" name="to" defaultValue={filters.to} />}</Field>
        <div className="flex gap-2">
          <button type="submit" className={buttonClass({ variant: 'primary' })}>
            Filter
          </button>
          <Link className={buttonClass({ variant: 'ghost' })} href={base}>
            Clear
          </Link>
        </div>
      </form>
      {events.length ? (
        <div className="overflow-x-auto">
          <table aria-label="Audit log" className="w-full text-left text-sm">
            <thead className="text-xs text-muted">
              <tr>
                <th className="py-2 pr-4 font-medium">When</th>
                <th className="py-2 pr-4 font-medium">Event</th>
                <th className="py-2 pr-4 font-medium">Target</th>
                <th className="py-2 pr-4 font-medium">IP address</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {events.map((e) => (
                <tr key={e.id} className="align-top">
                  <td className="py-2 pr-4 whitespace-nowrap text-muted">
                    <TimeAgo ms={e.createdAt} />
                  </td>
                  <td className="py-2 pr-4">
                    <span className="text-foreground">{e.text}</span>
                    <span className="block text-xs text-muted">
                      {AUDIT_ACTIONS[e.action as AuditAction]?.label ?? e.action} · {e.user.email}
                      {e.tokenId ? ' · with a token' : ''}
                    </span>
                  </td>
                  <td className="py-2 pr-4 text-muted">
                    {e.target.type} {e.target.name ?? e.target.id}
                  </td>
                  <td className="py-2 pr-4 font-mono text-xs text-muted" title={e.userAgent ?? undefined}>
                    {e.ip ?? '–'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="text-sm text-muted">No events match these filters.</p>
      )}
      <div className="mt-4 flex flex-wrap items-center justify-between gap-2 text-sm">
        <span className="flex gap-2">
          <a
            className={buttonClass({ size: 'small' })}
            href={`${base}/export${filterParams({ ...kept, format: 'csv' })}`}
          >
            Download CSV
          </a>
          <a
            className={buttonClass({ size: 'small' })}
            href={`${base}/export${filterParams({ ...kept, format: 'json' })}`}
          >
            Download JSON
          </a>
        </span>
        {pagination.next !== null && (
          <Link
            className={buttonClass({ size: 'small' })}
            href={`${base}${filterParams({ ...kept, before: String(pagination.next) })}`}
          >
            Older events
          </Link>
        )}
      </div>
    </Card>
  );
}
