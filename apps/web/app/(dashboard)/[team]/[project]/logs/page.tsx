// /{team}/{project}/logs: the runtime logs of the project's functions (requests and printed lines),
// newest first, with filters and a live tail.
import type { Metadata } from 'next';
import { LoginRedirect } from '@/components/dashboard/login-redirect';
import { RuntimeLogList } from '@/components/dashboard/logs/runtime-log-list';
import { PageHeader } from '@/components/dashboard/page-header';
import { requireProjectPage } from '@/components/dashboard/projects/load';
import { runtimeLogs } from '@/lib/data';

type Props = { params: Promise<{ team: string; project: string }> };

const PAGE = 100;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `Logs – ${(await params).project}` };
}

export default async function ProjectLogsPage({ params }: Props) {
  const page = await requireProjectPage(params);
  if (!page) return <LoginRedirect />;
  const { ctx, team, project } = page;
  const first = await runtimeLogs.list(ctx, project.id, { limit: PAGE });
  return (
    <main id="main" className="mx-auto flex w-full max-w-6xl flex-col gap-8 px-4 py-10 sm:px-6">
      <PageHeader title="Logs" description={`Requests to the functions of ${project.name} and what they print.`} />
      <RuntimeLogList teamId={team.id} projectId={project.id} initial={first} pageSize={PAGE} />
    </main>
  );
}
