// One deployment of any team with its build log, for staff answering "why did my build fail?".
import { DomainError } from '@nimbus/core';
import { Badge } from '@nimbus/ui';
import { notFound } from 'next/navigation';
import { formatDate } from '@/components/dashboard/format';
import { PageHeader } from '@/components/dashboard/page-header';
import { staff } from '@/lib/data';
import { rowKey, staffContext } from '@/lib/staff';

export const metadata = { title: 'Deployment – Staff console – Nimbus' };

export default async function AdminDeployment({ params }: { params: Promise<{ id: string }> }) {
  const ctx = await staffContext();
  if (!ctx) return null;
  const { id } = await params;
  const { deployment, logs } = await staff.deployment(ctx, rowKey(id)).catch((error) => {
    if (error instanceof DomainError && error.code === 'not_found') notFound();
    throw error;
  });
  return (
    <>
      <PageHeader
        title={deployment.url}
        badge={
          <Badge tone={deployment.state === 'ERROR' ? 'red' : deployment.state === 'READY' ? 'green' : 'neutral'}>
            {deployment.state}
          </Badge>
        }
        description={
          <>
            {deployment.id} · <a href={`/admin/teams/${deployment.team.slug}`}>{deployment.team.slug}</a> · created{' '}
            {formatDate(deployment.createdAt)}
          </>
        }
      />
      {deployment.errorMessage && <p className="text-sm text-red-700 dark:text-red-300">{deployment.errorMessage}</p>}
      <section className="flex flex-col gap-3">
        <h2 className="text-lg font-semibold">Build log</h2>
        {logs.length ? (
          <pre
            aria-label="Build log"
            className="max-h-[60vh] overflow-auto rounded-lg border border-border bg-subtle p-4 font-mono text-xs"
          >
            {logs.map((l) => `${new Date(l.createdAt).toISOString().slice(11, 19)}  ${l.text}`).join('\n')}
          </pre>
        ) : (
          <p className="text-sm text-muted">No build output yet.</p>
        )}
      </section>
    </>
  );
}
