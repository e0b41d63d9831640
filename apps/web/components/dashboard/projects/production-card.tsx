// The project's production at a glance: the host that serves it, the deployment behind it (state,
// when, who), and every domain pointing at it: the production host and the project's custom
// domains. Before the first production deployment it says how to get one.

import type { ProjectDeploymentJson } from '@nimbus/api';
import { buttonClass, Card } from '@nimbus/ui';
import Link from 'next/link';
import { deploymentPath, hostHref } from '../deployments/links';
import { StateBadge } from '../deployments/state-badge';
import { TimeAgo } from '../deployments/time-ago';

interface Props {
  team: string;
  production: ProjectDeploymentJson | undefined;
  protocol: string;
  creator?: string;
  /** The project's custom domains (its Domains tab), listed beside the production host. */
  domains?: { name: string; verified: boolean }[];
}

export function ProductionCard({ team, production: p, protocol, creator, domains = [] }: Props) {
  if (!p) {
    return (
      <Card id="production" title="Production deployment" className="border-dashed">
        <p className="text-sm text-muted">
          Nothing serves production yet. Deploy with the target{' '}
          <strong className="font-medium text-foreground">production</strong>, or promote a ready preview deployment
          from its page.
        </p>
      </Card>
    );
  }
  const [host] = p.alias;
  return (
    <Card id="production" title="Production deployment">
      <div className="grid gap-6 md:grid-cols-[1fr_auto]">
        <dl className="grid gap-4 sm:grid-cols-2">
          <div className="flex min-w-0 flex-col gap-1 sm:col-span-2">
            <dt className="text-xs text-muted">Domains</dt>
            <dd className="flex flex-col gap-1">
              {p.alias.map((a) => (
                <a
                  key={a}
                  href={hostHref(a, protocol)}
                  target="_blank"
                  rel="noreferrer"
                  className="truncate font-mono text-sm font-medium underline-offset-4 hover:underline"
                >
                  {a}
                </a>
              ))}
              {domains.map((d) => (
                <span key={d.name} className="flex min-w-0 items-center gap-2">
                  <a
                    href={hostHref(d.name, protocol)}
                    target="_blank"
                    rel="noreferrer"
                    className="truncate font-mono text-sm font-medium underline-offset-4 hover:underline"
                  >
                    {d.name}
                  </a>
                  {!d.verified && <span className="text-xs text-muted">(verification needed)</span>}
                </span>
              ))}
            </dd>
          </div>
          <div className="flex min-w-0 flex-col gap-1">
            <dt className="text-xs text-muted">Deployment</dt>
            <dd>
              <Link
                href={deploymentPath(team, p.name, p.id)}
                className="block truncate font-mono text-sm underline-offset-4 hover:underline"
              >
                {p.url}
              </Link>
            </dd>
          </div>
          <div className="flex flex-col gap-1">
            <dt className="text-xs text-muted">Status</dt>
            <dd>
              <StateBadge state={p.readyState} />
            </dd>
          </div>
          <div className="flex flex-col gap-1 sm:col-span-2">
            <dt className="text-xs text-muted">Created</dt>
            <dd className="text-sm">
              <TimeAgo ms={p.createdAt} />
              {creator && <> by {creator}</>}
            </dd>
          </div>
        </dl>
        {host && (
          <div className="flex items-start gap-2">
            <a
              href={hostHref(host, protocol)}
              target="_blank"
              rel="noreferrer"
              className={buttonClass({ variant: 'primary', size: 'small' })}
            >
              Visit
            </a>
          </div>
        )}
      </div>
    </Card>
  );
}
