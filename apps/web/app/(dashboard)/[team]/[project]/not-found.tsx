'use client';
// A project page, a deployment or a settings page of a project that is not there. (A project that
// is itself missing gets ProjectGone from the layout instead, without the project's tabs.)
import { useParams } from 'next/navigation';
import { NotFoundPage } from '@/components/dashboard/not-found-page';

export default function ProjectNotFound() {
  const { team, project } = useParams<{ team: string; project: string }>();
  return (
    <NotFoundPage
      title="Not found"
      links={[
        { href: `/${team}/${project}`, label: 'Back to the project' },
        { href: `/${team}/${project}/deployments`, label: 'Deployments' },
      ]}
    >
      This project has no such page or deployment, or the deployment was deleted.
    </NotFoundPage>
  );
}
