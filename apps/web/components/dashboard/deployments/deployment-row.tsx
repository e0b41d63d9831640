'use client';
// One deployment in a list: state, URL, environment (and whether it serves production now), how
// long its build took, age and author. The row's main part is one link to the deployment, so a
// keyboard user tabs row by row; the "…" menu beside it visits the deployment, copies its URL or
// opens it (inspect). Team-wide lists name the project too.

import type { DeploymentListItem } from '@nimbus/api';
import { Badge, Button, cx, focusRing, Popover, useToast } from '@nimbus/ui';
import Link from 'next/link';
import { deploymentPath, hostHref } from './links';
import { StateBadge } from './state-badge';
import { duration } from './state-timeline';
import { TimeAgo } from './time-ago';

export interface RowProps {
  deployment: DeploymentListItem;
  team: string;
  current: boolean;
  creator?: string;
  /** Show the project's name (lists that span the team's projects). */
  showProject?: boolean;
}

const ITEM = cx('flex w-full items-center rounded-md px-3 py-2 text-left hover:bg-subtle', focusRing);

/** How long the build took, once it is over: from building (or creation) to ready. */
export function buildDuration(d: DeploymentListItem): string | null {
  return d.ready ? duration(d.buildingAt ?? d.createdAt, d.ready) : null;
}

export function DeploymentRow({ deployment: d, team, current, creator, showProject = false }: RowProps) {
  const toast = useToast();
  const href = deploymentPath(team, d.name, d.uid);
  const took = buildDuration(d);
  const url = () => hostHref(d.url, window.location.protocol);
  return (
    <li className="flex items-center gap-2 pr-2 hover:bg-subtle">
      <Link
        href={href}
        className={cx(
          'grid min-w-0 flex-1 grid-cols-[7rem_1fr] items-center gap-x-4 gap-y-1 py-3 pl-4 sm:grid-cols-[7rem_1fr_auto]',
          focusRing,
        )}
      >
        <StateBadge state={d.state} />
        <span className="flex min-w-0 items-center gap-2">
          {showProject && <span className="shrink-0 text-sm font-medium">{d.name}</span>}
          <span id={`url-${d.uid}`} className="truncate font-mono text-sm">
            {d.url}
          </span>
          <Badge tone={d.target === 'production' ? 'blue' : 'neutral'}>
            {d.target === 'production' ? 'Production' : 'Preview'}
          </Badge>
          {current && <Badge tone="green">Current</Badge>}
        </span>
        <span className="col-start-2 text-sm text-muted sm:col-start-auto sm:text-right">
          {took && (
            <span title="Build duration" className="mr-2 font-mono tabular-nums">
              {took}
            </span>
          )}
          <TimeAgo ms={d.createdAt} />
          {creator && <> by {creator}</>}
        </span>
      </Link>
      <Popover
        align="end"
        label={`Actions for ${d.url}`}
        trigger={(props) => (
          // Named without the URL (it holds the project's name), described by it instead.
          <Button {...props} size="small" variant="ghost" aria-label="More actions" aria-describedby={`url-${d.uid}`}>
            <span aria-hidden>…</span>
          </Button>
        )}
      >
        {(close) => (
          <div className="flex flex-col">
            {d.state === 'READY' && (
              <a href={url()} target="_blank" rel="noreferrer" className={ITEM} onClick={close}>
                Visit
              </a>
            )}
            <button
              type="button"
              className={ITEM}
              onClick={() =>
                navigator.clipboard.writeText(url()).then(
                  () => (toast.success('Deployment URL copied.'), close()),
                  () => toast.error('Could not copy: select the URL and copy it yourself.'),
                )
              }
            >
              Copy URL
            </button>
            <Link href={href} className={ITEM} onClick={close}>
              Inspect
            </Link>
          </div>
        )}
      </Popover>
    </li>
  );
}
