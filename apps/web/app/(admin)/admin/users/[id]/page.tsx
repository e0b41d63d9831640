// One user as staff see them: their teams and roles, the projects of those teams, the deployments
// they made and what the audit log says they did.
import { DomainError } from '@nimbus/core';
import { Badge } from '@nimbus/ui';
import { notFound } from 'next/navigation';
import { AdminTable } from '@/components/admin/table';
import { formatDate } from '@/components/dashboard/format';
import { PageHeader } from '@/components/dashboard/page-header';
import { staff } from '@/lib/data';
import { rowKey, staffContext } from '@/lib/staff';

export const metadata = { title: 'User – Staff console – Nimbus' };

export default async function AdminUser({ params }: { params: Promise<{ id: string }> }) {
  const ctx = await staffContext();
  if (!ctx) return null;
  const { id } = await params;
  const found = await staff.user(ctx, rowKey(id)).catch((error) => {
    if (error instanceof DomainError && error.code === 'not_found') notFound();
    throw error;
  });
  const { user } = found;
  const slugOf = new Map(found.teams.map((t) => [t.id, t.slug]));
  return (
    <>
      <PageHeader
        title={user.email}
        badge={user.twoFactor ? <Badge tone="green">2FA on</Badge> : <Badge>2FA off</Badge>}
        description={`${user.username} · ${user.id} · joined ${formatDate(user.createdAt)} · ${user.sessions} live session${user.sessions === 1 ? '' : 's'}`}
      />
      <section className="flex flex-col gap-3">
        <h2 className="text-lg font-semibold">Teams</h2>
        <AdminTable
          label="Teams"
          columns={['Team', 'Role', 'Plan']}
          empty="In no team."
          rows={found.teams.map((t) => ({
            key: t.id,
            cells: [
              <a key="t" href={`/admin/teams/${t.slug}`}>
                {t.name ?? t.slug}
              </a>,
              t.role,
              t.plan,
            ],
          }))}
        />
      </section>
      <section className="flex flex-col gap-3">
        <h2 className="text-lg font-semibold">Projects</h2>
        <AdminTable
          label="Projects"
          columns={['Project', 'Team', 'Created']}
          empty="No projects in their teams."
          rows={found.projects.map((p) => ({
            key: p.id,
            cells: [
              <a key="p" href={`/admin/teams/${slugOf.get(p.teamId)}/${p.name}`}>
                {p.name}
              </a>,
              slugOf.get(p.teamId),
              formatDate(p.createdAt),
            ],
          }))}
        />
      </section>
      <section className="flex flex-col gap-3">
        <h2 className="text-lg font-semibold">Recent deployments</h2>
        <AdminTable
          label="Recent deployments"
          columns={['Deployment', 'Team', 'State', 'Created']}
          empty="No deployments."
          rows={found.deployments.map((d) => ({
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
      <section className="flex flex-col gap-3">
        <h2 className="text-lg font-semibold">Audit events</h2>
        <AdminTable
          label="Audit events"
          columns={['Action', 'Target', 'Team', 'When']}
          empty="No audit events."
          rows={found.audit.map((e) => ({
            key: e.id,
            cells: [
              <code key="a">{e.action}</code>,
              e.target,
              slugOf.get(e.teamId) ?? e.teamId,
              formatDate(e.createdAt),
            ],
          }))}
        />
      </section>
    </>
  );
}
