// A project of any team as staff see it: its admin record, the reply of GET /v1/dashboard/projects/{project}
// that the command menu's "Open in Admin" opens. The command menu here knows the team and project.
import { DomainError } from '@nimbus/core';
import { notFound } from 'next/navigation';
import { AdminCommandScope } from '@/components/admin/admin-command-menu';
import { PageHeader } from '@/components/dashboard/page-header';
import { admin, staff } from '@/lib/data';
import { rowKey, staffContext } from '@/lib/staff';

export const metadata = { title: 'Project – Staff console – Nimbus' };

function missing(error: unknown): never {
  if (error instanceof DomainError && error.code === 'not_found') notFound();
  throw error;
}

export default async function AdminProject({ params }: { params: Promise<{ team: string; project: string }> }) {
  const ctx = await staffContext();
  if (!ctx) return null;
  const { team: slug, project: name } = await params;
  const { team } = await staff.team(ctx, rowKey(slug)).catch(missing);
  const record = await admin.project(ctx, team.id, rowKey(name)).catch(missing);
  return (
    <>
      <AdminCommandScope team={team} project={record.name} />
      <PageHeader
        title={record.name}
        description={
          <>
            Project of <a href={`/admin/teams/${team.slug}`}>{team.slug}</a> · {record.id}
          </>
        }
      />
      <section className="flex flex-col gap-3">
        <h2 className="text-lg font-semibold">Admin record</h2>
        <pre className="overflow-x-auto rounded-lg border border-border bg-subtle p-4 font-mono text-xs">
          {JSON.stringify(record, null, 2)}
        </pre>
      </section>
    </>
  );
}
