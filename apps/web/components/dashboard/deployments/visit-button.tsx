'use client';
// The deployment page's Visit button, live: it appears as soon as the deployment turns READY, from the
// same SWR key the rest of the page polls, so a page left open while the build runs needs no reload.
import type { DeploymentJson } from '@nimbus/api';
import { buttonClass } from '@nimbus/ui';
import { hostHref } from './links';
import { useDeployment } from './use-deployment';

export function VisitButton({
  teamId,
  initial,
  protocol,
}: {
  teamId: string;
  initial: DeploymentJson;
  protocol: string;
}) {
  const d = useDeployment(teamId, initial).data ?? initial;
  if (d.readyState !== 'READY') return null;
  return (
    <a
      href={hostHref(d.url, protocol)}
      target="_blank"
      rel="noreferrer"
      className={buttonClass({ variant: 'primary', size: 'small' })}
    >
      Visit
    </a>
  );
}
