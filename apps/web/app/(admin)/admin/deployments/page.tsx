// Deployments of every team, found by id or URL and narrowed by state, newest first.
import { DEPLOYMENT_STATES } from '@nimbus/core';
import { Select } from '@nimbus/ui';
import { AdminTable, offsetOf, one, Pager, SearchForm } from '@/components/admin/table';
import { formatDate } from '@/components/dashboard/format';
import { PageHeader } from '@/components/dashboard/page-header';
import { staff } from '@/lib/data';
import { type SearchParams, staffContext } from '@/lib/staff';

export const metadata = { title: 'Deployments – Staff console – Nimbus' };
const LIMIT = 25;

export default async function AdminDeployments({ searchParams }: { searchParams: SearchParams }) {
  const ctx = await staffContext();
  if (!ctx) return null;
  const params = await searchParams;
  const q = one(params.q);
  const wanted = one(params.state);
  const state = DEPLOYMENT_STATES.find((s) => s === wanted);
  const { deployments, pagination } = await staff.deployments(ctx, {
    q,
    state,
    limit: LIMIT,
    offset: offsetOf(one(params.offset)),
  });
  return (
    <>
      <PageHeader title="Deployments" />
      <SearchForm label="Find deployments" value={q} placeholder="Deployment id or URL">
        <Select name="state" aria-label="State" defaultValue={state ?? ''} controlSize="small" widthClass="w-40">
          <option value="">Any state</option>
          {DEPLOYMENT_STATES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </Select>
      </SearchForm>
      <AdminTable
        label="Deployments"
        columns={['URL', 'Team', 'State', 'Target', 'Created', '']}
        empty={q || state ? 'No deployment matches.' : 'No deployments yet.'}
        rows={deployments.map((d) => ({
          key: d.id,
          cells: [
            <span key="u" className="font-mono text-xs">
              {d.url}
            </span>,
            <a key="t" href={`/admin/teams/${d.team.slug}`}>
              {d.team.slug}
            </a>,
            d.state,
            d.target ?? 'preview',
            formatDate(d.createdAt),
            <a key="l" href={`/admin/deployments/${d.id}`}>
              Logs
            </a>,
          ],
        }))}
      />
      <Pager path="/admin/deployments" params={{ q, state }} pagination={pagination} limit={LIMIT} />
    </>
  );
}
