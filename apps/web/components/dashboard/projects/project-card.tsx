// One project on the team overview: its name (the card's link), the production host, and the state
// and age of its newest deployment. The host is a link of its own, layered above the card's.

import type { ProjectJson } from '@nimbus/api';
import { focusRing } from '@nimbus/ui';
import Link from 'next/link';
import { hostHref, projectPath } from '../deployments/links';
import { StateBadge } from '../deployments/state-badge';
import { TimeAgo } from '../deployments/time-ago';

export function ProjectCard({ team, project, protocol }: { team: string; project: ProjectJson; protocol: string }) {
  const [latest] = project.latestDeployments;
  const host = project.targets.production?.alias[0];
  return (
    <li className="relative flex flex-col gap-3 rounded-lg border border-border bg-background p-4 transition-colors hover:border-foreground/30">
      <div className="flex min-w-0 flex-col gap-0.5">
        <Link
          href={projectPath(team, project.name)}
          className={`truncate font-medium after:absolute after:inset-0 after:rounded-lg ${focusRing}`}
        >
          {project.name}
        </Link>
        {host ? (
          <a
            href={hostHref(host, protocol)}
            target="_blank"
            rel="noreferrer"
            className="relative z-10 self-start truncate text-sm text-muted hover:text-foreground hover:underline"
          >
            {host}
          </a>
        ) : (
          <span className="text-sm text-muted">No production deployment</span>
        )}
      </div>
      {latest ? (
        <p className="flex flex-wrap items-center gap-x-2 text-sm text-muted">
          <StateBadge state={latest.readyState} className="text-foreground" />
          <span aria-hidden>·</span>
          <span>{latest.target === 'production' ? 'Production' : 'Preview'}</span>
          <span aria-hidden>·</span>
          <TimeAgo ms={latest.createdAt} />
        </p>
      ) : (
        <p className="text-sm text-muted">No deployments yet</p>
      )}
    </li>
  );
}
