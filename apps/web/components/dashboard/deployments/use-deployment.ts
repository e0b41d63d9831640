'use client';
import type { DeploymentJson } from '@nimbus/api';
// One deployment, live: the server's copy first, then SWR polls every 2 s while it is queued or
// building. Every component of the deployment page shares this key, so they poll once between them.
import useSWR from 'swr';
import { isActive } from './state-badge';

export function deploymentKey(teamId: string, id: string): string {
  return `/v13/deployments/${id}?teamId=${teamId}`;
}

export function useDeployment(teamId: string, initial: DeploymentJson) {
  return useSWR<DeploymentJson>(deploymentKey(teamId, initial.id), {
    fallbackData: initial,
    // SWR asks before its first fetch too, with nothing cached yet: the server's copy answers then,
    // or a page whose first fetch changed nothing would never poll.
    refreshInterval: (d) => (isActive((d ?? initial).readyState) ? 2000 : 0),
  });
}
