// The staff console's overview: the newest users, teams and deployments, and the way to every section.

import { AdminTable } from '@/components/admin/table';
import { formatDate } from '@/components/dashboard/format';
import { PageHeader } from '@/components/dashboard/page-header';
import { staff } from '@/lib/data';
import { staffContext } from '@/lib/staff';

export const metadata = { title: 'Staff console – Nimbus' };

export default async function AdminOverview() {
  const ctx = await staffContext();
  if (!ctx) return null;
  const page = { limit: 5, offset: 0 };
  const [users, teams, deployments] = await Promise.all([
    staff.users(ctx, page),
    staff.teams(ctx, page),
    staff.deployments(ctx, page),
  ]);
  return (
    <>
      <PageHeader
        title="Staff console"
        description="Users, teams and deployments of every team. Press Ctrl K for the command menu and its internal commands."
      />
      <section className="flex flex-col gap-3">
        <h2 className="text-lg font-semibold">Newest users</h2>
        <AdminTable
          label="Newest users"
          columns={['E-mail', 'Username', 'Created']}
          empty="No users yet."
          rows={users.users.map((u) => ({
            key: u.id,
            cells: [
              <a key="e" href={`/admin/users/${u.id}`}>
                {u.email}
              </a>,
              u.username,
              formatDate(u.createdAt),
            ],
          }))}
        />
      </section>
      <section className="flex flex-col gap-3">
        <h2 className="text-lg font-semibold">Newest teams</h2>
        <AdminTable
          label="Newest teams"
          columns={['Team', 'Plan', 'Created']}
          empty="No teams yet."
          rows={teams.teams.map((t) => ({
            key: t.id,
            cells: [
              <a key="t" href={`/admin/teams/${t.slug}`}>
                {t.slug}
              </a>,
              t.plan,
              formatDate(t.createdAt),
            ],
          }))}
        />
      </section>
      <section className="flex flex-col gap-3">
        <h2 className="text-lg font-semibold">Latest deployments</h2>
        <AdminTable
          label="Latest deployments"
          columns={['Deployment', 'Team', 'State', 'Created']}
          empty="No deployments yet."
          rows={deployments.deployments.map((d) => ({
            key: d.id,
            cells: [
              <a key="d" href={`/admin/deployments/${d.id}`}>
                {d.url}
              </a>,
              d.team.slug,
              d.state,
              formatDate(d.createdAt),
            ],
          }))}
        />
      </section>
    </>
  );
}
