// One deployment in a list: state, URL, environment (and whether it serves production now), age and
// author. The whole row is one link to the deployment, so a keyboard user tabs row by row.

import type { DeploymentListItem } from '@nimbus/api';
import { Badge, cx, focusRing } from '@nimbus/ui';
import Link from 'next/link';
import { deploymentPath } from './links';
import { StateBadge } from './state-badge';
import { TimeAgo } from './time-ago';

export interface RowProps {
  deployment: DeploymentListItem;
  team: string;
  current: boolean;
  creator?: string;
}

export function DeploymentRow({ deployment: d, team, current, creator }: RowProps) {
  return (
    <li>
      <Link
        href={deploymentPath(team, d.name, d.uid)}
        className={cx(
          'grid grid-cols-[7rem_1fr] items-center gap-x-4 gap-y-1 px-4 py-3 hover:bg-subtle sm:grid-cols-[7rem_1fr_auto]',
          focusRing,
        )}
      >
        <StateBadge state={d.state} />
        <span className="flex min-w-0 items-center gap-2">
          <span className="truncate font-mono text-sm">{d.url}</span>
          <Badge tone={d.target === 'production' ? 'blue' : 'neutral'}>
            {d.target === 'production' ? 'Production' : 'Preview'}
          </Badge>
          {current && <Badge tone="green">Current</Badge>}
        </span>
        <span className="col-start-2 text-sm text-muted sm:col-start-auto sm:text-right">
          <TimeAgo ms={d.createdAt} />
          {creator && <> by {creator}</>}
        </span>
      </Link>
    </li>
  );
}
