// /{team}/{project}/analytics: Web Analytics of the project for 24 h, 7 d or 30 d, filtered by the
// dimensions in the URL (?referrer=…&device=…). The figures come from services/web-analytics.ts.

import { can } from '@nimbus/core';
import { WEB_DIMENSIONS, WEB_PERIODS, type WebFilter, type WebPeriod } from '@nimbus/db';
import type { Metadata } from 'next';
import { AnalyticsView } from '@/components/dashboard/analytics/analytics-view';
import { EnableCard, SetupSteps, SwitchCard } from '@/components/dashboard/analytics/shared';
import { LoginRedirect } from '@/components/dashboard/login-redirect';
import { PageHeader } from '@/components/dashboard/page-header';
import { requireProjectPage } from '@/components/dashboard/projects/load';
import { webAnalytics } from '@/lib/data';

type Props = {
  params: Promise<{ team: string; project: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `Analytics – ${(await params).project}` };
}

export default async function ProjectAnalyticsPage({ params, searchParams }: Props) {
  const page = await requireProjectPage(params);
  if (!page) return <LoginRedirect />;
  const { ctx, team, role, project } = page;
  const query = await searchParams;
  const asked = typeof query.period === 'string' ? query.period : '7d';
  const period: WebPeriod = (WEB_PERIODS as readonly string[]).includes(asked) ? (asked as WebPeriod) : '7d';
  const filters: WebFilter[] = WEB_DIMENSIONS.flatMap((dimension) => {
    const value = query[dimension];
    return typeof value === 'string' ? [{ dimension, value }] : [];
  });
  const data = await webAnalytics.overview(ctx, project.id, { period, filters });
  const urlParams = Object.fromEntries([['period', period], ...filters.map((f) => [f.dimension, f.value])]) as Record<
    string,
    string
  >;
  const empty = !filters.length && data.totals.pageviews + data.totals.events === 0;
  return (
    <main id="main" className="mx-auto flex w-full max-w-6xl flex-col gap-8 px-4 py-10 sm:px-6">
      <PageHeader
        title="Analytics"
        description={`Visitors, page views and where they come from, for ${project.name}. No cookies, no personal data.`}
      />
      {!data.enabled ? (
        <EnableCard
          teamId={team.id}
          project={project.name}
          field="webAnalytics"
          title="Web Analytics"
          description="Once on, deployments serve the insights script and count page views and custom events."
          canWrite={can(role, 'project:update')}
          role={role}
        />
      ) : (
        <SwitchCard
          teamId={team.id}
          project={project.name}
          field="webAnalytics"
          title="Web Analytics"
          respectDnt={data.respectDnt}
          canWrite={can(role, 'project:update')}
          role={role}
        />
      )}
      {empty ? (
        <SetupSteps what="analytics" />
      ) : (
        <AnalyticsView
          base={`/${team.slug}/${encodeURIComponent(project.name)}/analytics`}
          params={urlParams}
          period={period}
          data={data}
        />
      )}
    </main>
  );
}
