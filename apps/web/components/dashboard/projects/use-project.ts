'use client';
import type { ProjectJson } from '@nimbus/api';
// A project as the client sees it, starting from the server's copy: the deployment page watches
// which deployment serves production (it moves on promote, rollback and undo).
import useSWR from 'swr';

export function projectKey(teamId: string, name: string): string {
  return `/v9/projects/${encodeURIComponent(name)}?teamId=${teamId}`;
}

export function useProject(teamId: string, initial: ProjectJson) {
  return useSWR<ProjectJson>(projectKey(teamId, initial.name), { fallbackData: initial });
}

/** The id of the deployment serving production now, if any. */
export function productionIdOf(project: ProjectJson | undefined): string | null {
  return project?.targets.production?.id ?? null;
}
