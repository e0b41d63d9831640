// Every team, found by slug, name or id: plan, billing status, members and projects.
import { AdminTable, offsetOf, one, Pager, SearchForm } from '@/components/admin/table';
import { formatDate } from '@/components/dashboard/format';
import { PageHeader } from '@/components/dashboard/page-header';
import { staff } from '@/lib/data';
import { type SearchParams, staffContext } from '@/lib/staff';

export const metadata = { title: 'Teams – Staff console – Nimbus' };
const LIMIT = 25;

export default async function AdminTeams({ searchParams }: { searchParams: SearchParams }) {
  const ctx = await staffContext();
  if (!ctx) return null;
  const params = await searchParams;
  const q = one(params.q);
  const { teams, pagination } = await staff.teams(ctx, { q, limit: LIMIT, offset: offsetOf(one(params.offset)) });
  return (
    <>
      <PageHeader title="Teams" />
      <SearchForm label="Find teams" value={q} placeholder="Slug, name or id" />
      <AdminTable
        label="Teams"
        columns={['Team', 'Plan', 'Billing', 'Members', 'Projects', 'Created']}
        empty={q ? `No team matches “${q}”.` : 'No teams yet.'}
        rows={teams.map((t) => ({
          key: t.id,
          cells: [
            <a key="t" href={`/admin/teams/${t.slug}`} className="font-medium">
              {t.slug}
            </a>,
            t.personal ? `${t.plan} (personal)` : t.plan,
            t.billingStatus,
            t.members,
            t.projects,
            formatDate(t.createdAt),
          ],
        }))}
      />
      <Pager path="/admin/teams" params={{ q }} pagination={pagination} limit={LIMIT} />
    </>
  );
}
