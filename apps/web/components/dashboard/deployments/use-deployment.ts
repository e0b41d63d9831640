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
    refreshInterval: (d) => (d && isActive(d.readyState) ? 2000 : 0),
  });
}
