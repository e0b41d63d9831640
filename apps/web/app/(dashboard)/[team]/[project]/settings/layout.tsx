// Project settings: a side nav (General, Environment Variables, Deployment Protection) beside the section.
import type { ReactNode } from 'react';
import { projectPath } from '@/components/dashboard/deployments/links';
import { PageHeader, SettingsLayout } from '@/components/dashboard/page-header';
import { SubNav } from '@/components/dashboard/sub-nav';
import { getSession } from '@/lib/session';

type Props = { children: ReactNode; params: Promise<{ team: string; project: string }> };

export default async function ProjectSettingsLayout({ children, params }: Props) {
  if (!(await getSession())) return children;
  const { team, project } = await params;
  const base = `${projectPath(team, project)}/settings`;
  return (
    <main id="main" className="mx-auto flex w-full max-w-6xl flex-col gap-8 px-4 py-10 sm:px-6">
      <PageHeader title="Project settings" description={project} />
      <SettingsLayout
        nav={
          <SubNav
            label="Project settings"
            variant="sidebar"
            items={[
              { href: base, label: 'General', exact: true },
              { href: `${base}/environment-variables`, label: 'Environment Variables' },
              { href: `${base}/git`, label: 'Git' },
              { href: `${base}/deployment-protection`, label: 'Deployment Protection' },
            ]}
          />
        }
      >
        {children}
      </SettingsLayout>
    </main>
  );
}
