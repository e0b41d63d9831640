// One team as staff see it: plan and billing, members and projects, and a plan change that goes
// through the billing service and lands in the team's audit log.
import { DomainError } from '@nimbus/core';
import { Badge } from '@nimbus/ui';
import { notFound } from 'next/navigation';
import { AdminCommandScope } from '@/components/admin/admin-command-menu';
import { FreezeForm } from '@/components/admin/freeze-form';
import { PlanChangeForm } from '@/components/admin/plan-change-form';
import { AdminTable } from '@/components/admin/table';
import { formatDate, formatOptionalDate } from '@/components/dashboard/format';
import { PageHeader } from '@/components/dashboard/page-header';
import { staff } from '@/lib/data';
import { rowKey, staffContext } from '@/lib/staff';

export const metadata = { title: 'Team – Staff console – Nimbus' };

export default async function AdminTeam({ params }: { params: Promise<{ team: string }> }) {
  const ctx = await staffContext();
  if (!ctx) return null;
  const { team: slug } = await params;
  const { team, members, projects } = await staff.team(ctx, rowKey(slug)).catch((error) => {
    if (error instanceof DomainError && error.code === 'not_found') notFound();
    throw error;
  });
  return (
    <>
      <AdminCommandScope team={team} project={null} />
      <PageHeader
        title={team.name ?? team.slug}
        badge={<Badge tone={team.plan === 'hobby' ? 'neutral' : 'blue'}>{team.plan}</Badge>}
        description={`${team.slug} · ${team.id} · created ${formatDate(team.createdAt)}`}
      />
      <section className="flex flex-col gap-3 rounded-lg border border-border p-4">
        <h2 className="text-lg font-semibold">Billing</h2>
        <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-1 text-sm">
          <dt className="text-muted">Plan</dt>
          <dd data-testid="team-plan">{team.plan}</dd>
          <dt className="text-muted">Status</dt>
          <dd>{team.billingStatus}</dd>
          <dt className="text-muted">Trial ends</dt>
          <dd>{formatOptionalDate(team.trialEnd, 'No trial')}</dd>
          <dt className="text-muted">Frozen</dt>
          <dd data-testid="team-frozen">{formatOptionalDate(team.frozenTime, 'No')}</dd>
          <dt className="text-muted">Limited by</dt>
          <dd>{team.limitedBy.length ? team.limitedBy.join(', ') : 'Nothing'}</dd>
        </dl>
        <div>
          <FreezeForm team={team.slug} frozen={team.frozenTime !== null} />
        </div>
        {team.personal ? (
          <p className="text-sm text-muted">Personal accounts stay on Hobby; Pro is for teams.</p>
        ) : (
          <PlanChangeForm team={team.slug} plan={team.plan} />
        )}
      </section>
      <section className="flex flex-col gap-3">
        <h2 className="text-lg font-semibold">Members</h2>
        <AdminTable
          label="Members"
          columns={['E-mail', 'Username', 'Role']}
          empty="No members."
          rows={members.map((m) => ({
            key: m.id,
            cells: [
              <a key="m" href={`/admin/users/${m.id}`}>
                {m.email}
              </a>,
              m.username,
              m.role,
            ],
          }))}
        />
      </section>
      <section className="flex flex-col gap-3">
        <h2 className="text-lg font-semibold">Projects</h2>
        <AdminTable
          label="Projects"
          columns={['Project', 'Created']}
          empty="No projects."
          rows={projects.map((p) => ({
            key: p.id,
            cells: [
              <a key="p" href={`/admin/teams/${team.slug}/${p.name}`}>
                {p.name}
              </a>,
              formatDate(p.createdAt),
            ],
          }))}
        />
      </section>
    </>
  );
}
