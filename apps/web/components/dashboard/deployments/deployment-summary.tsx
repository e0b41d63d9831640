// The facts of one deployment at a glance: state, environment, its own URL and the hosts (aliases)
// that point at it, who made it and when, and how long the build took; while queued, how many
// builds are ahead of it and what it waits for. Links open the deployment with the dashboard's own protocol.
import type { DeploymentJson } from '@nimbus/api';
import { Badge, cx } from '@nimbus/ui';
import { hostHref } from './links';
import { isActive, StateBadge } from './state-badge';
import { duration } from './state-timeline';
import { TimeAgo } from './time-ago';

const link = 'truncate font-mono text-sm text-foreground underline-offset-4 hover:underline';

function Fact({ label, children, className }: { label: string; children: React.ReactNode; className?: string }) {
  return (
    <div className={cx('flex min-w-0 flex-col gap-1', className)}>
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="flex min-w-0 flex-col gap-1 text-sm">{children}</dd>
    </div>
  );
}

export function DeploymentSummary({
  deployment: d,
  protocol,
  creator,
  current,
}: {
  deployment: DeploymentJson;
  protocol: string;
  creator?: string;
  current: boolean;
}) {
  const end = d.ready ?? d.canceledAt;
  return (
    <dl className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
      <Fact label="Status">
        <StateBadge state={d.readyState} />
        {d.readyState === 'QUEUED' && d.readyStateReason && (
          <span role="status" aria-label="Queue position" className="text-muted">
            {d.readyStateReason}
          </span>
        )}
        {d.errorMessage && <span className="text-red-700 dark:text-red-400">{d.errorMessage}</span>}
        {d.readyState === 'ERROR' && (
          <a href="#build-logs" className="text-foreground underline underline-offset-4">
            Go to the build log
          </a>
        )}
      </Fact>
      <Fact label="Environment">
        <span className="flex items-center gap-2">
          <Badge tone={d.target === 'production' ? 'blue' : 'neutral'}>
            {d.target === 'production' ? 'Production' : 'Preview'}
          </Badge>
          {current && <Badge tone="green">Current</Badge>}
        </span>
      </Fact>
      <Fact label="Created">
        <span>
          <TimeAgo ms={d.createdAt} />
          {creator && <> by {creator}</>}
        </span>
      </Fact>
      <Fact label="Build time">
        <span>
          {end && d.readyState !== 'QUEUED'
            ? duration(d.buildingAt, end)
            : d.readyState === 'BUILDING'
              ? 'Building…'
              : '—'}
        </span>
      </Fact>
      <Fact label="Deployment URL" className="sm:col-span-2">
        {d.readyState === 'READY' ? (
          <a href={hostHref(d.url, protocol)} target="_blank" rel="noreferrer" className={link}>
            {d.url}
          </a>
        ) : (
          <span className="truncate font-mono text-sm text-muted">{d.url}</span>
        )}
      </Fact>
      <Fact label="Domains" className="sm:col-span-2">
        {d.alias.length ? (
          d.alias.map((host) => (
            <a key={host} href={hostHref(host, protocol)} target="_blank" rel="noreferrer" className={link}>
              {host}
            </a>
          ))
        ) : (
          <span className="text-muted">
            {isActive(d.readyState)
              ? 'Assigned when the build is ready'
              : d.target === 'production'
                ? 'Not serving the production host now'
                : 'Only its own URL'}
          </span>
        )}
      </Fact>
    </dl>
  );
}
