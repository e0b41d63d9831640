// /{team}/{project}/speed-insights: the real experience score and p75 of each web vital, per route
// and device, for 24 h, 7 d or 30 d (?route=…&device=… filter). Figures from services/web-analytics.ts.

import { can } from '@nimbus/core';
import { WEB_PERIODS, type WebPeriod } from '@nimbus/db';
import type { Metadata } from 'next';
import { EnableCard, SetupSteps, SwitchCard } from '@/components/dashboard/analytics/shared';
import { SpeedView } from '@/components/dashboard/analytics/speed-view';
import { LoginRedirect } from '@/components/dashboard/login-redirect';
import { PageHeader } from '@/components/dashboard/page-header';
import { requireProjectPage } from '@/components/dashboard/projects/load';
import { webAnalytics } from '@/lib/data';

type Props = {
  params: Promise<{ team: string; project: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `Speed Insights – ${(await params).project}` };
}

const DEVICES = ['desktop', 'mobile', 'tablet'];

export default async function ProjectSpeedInsightsPage({ params, searchParams }: Props) {
  const page = await requireProjectPage(params);
  if (!page) return <LoginRedirect />;
  const { ctx, team, role, project } = page;
  const query = await searchParams;
  const asked = typeof query.period === 'string' ? query.period : '7d';
  const period: WebPeriod = (WEB_PERIODS as readonly string[]).includes(asked) ? (asked as WebPeriod) : '7d';
  const route = typeof query.route === 'string' ? query.route : undefined;
  const device = typeof query.device === 'string' && DEVICES.includes(query.device) ? query.device : undefined;
  const data = await webAnalytics.speedInsights(ctx, project.id, { period, route, device });
  const urlParams: Record<string, string> = {
    period,
    ...(route !== undefined ? { route } : {}),
    ...(device !== undefined ? { device } : {}),
  };
  return (
    <main id="main" className="mx-auto flex w-full max-w-6xl flex-col gap-8 px-4 py-10 sm:px-6">
      <PageHeader
        title="Speed Insights"
        description={`How fast ${project.name} is for its real visitors: Core Web Vitals measured in their browsers.`}
      />
      {!data.enabled ? (
        <EnableCard
          teamId={team.id}
          project={project.name}
          field="speedInsights"
          title="Speed Insights"
          description="Once on, deployments serve the insights script and collect LCP, INP, CLS, FCP and TTFB."
          canWrite={can(role, 'project:update')}
          role={role}
        />
      ) : (
        <SwitchCard
          teamId={team.id}
          project={project.name}
          field="speedInsights"
          title="Speed Insights"
          canWrite={can(role, 'project:update')}
          role={role}
        />
      )}
      {data.samples === 0 && !route && !device ? (
        <SetupSteps what="speed" />
      ) : (
        <SpeedView
          base={`/${team.slug}/${encodeURIComponent(project.name)}/speed-insights`}
          params={urlParams}
          period={period}
          data={data}
        />
      )}
    </main>
  );
}
