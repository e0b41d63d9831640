// What every project page loads on the server, once per request: the project (with its newest and
// production deployments), who made deployments, and the protocol to link deployment hosts with.
// All of it through the API in-process, so its permission checks apply.
import 'server-only';
import type { Member, ProjectJson, TeamJson } from '@nimbus/api';
import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { serverApi } from '@/lib/runtime';

/** Project names are lower-case letters, digits, ".", "_" and "-": "~" (team settings) never is one. */
const PROJECT_NAME = /^[a-z0-9._-]{1,100}$/;

export const getProject = cache(async (teamId: string, name: string): Promise<ProjectJson> => {
  if (!PROJECT_NAME.test(name)) notFound();
  const { status, data } = await serverApi<ProjectJson>(`/v9/projects/${encodeURIComponent(name)}?teamId=${teamId}`);
  if (status === 404) notFound();
  if (status !== 200) throw new Error(`Loading project "${name}" failed with status ${status}.`);
  return data;
});

/** Member id → display name, to say who made a deployment. Former members are simply not named. */
export const getCreatorNames = cache(async (team: Pick<TeamJson, 'id'>): Promise<Record<string, string>> => {
  const { status, data } = await serverApi<{ members: Member[] }>(`/v3/teams/${team.id}/members`);
  if (status !== 200) return {};
  return Object.fromEntries(data.members.map((m) => [m.uid, m.name || m.username]));
});

/** The protocol this page was requested with (behind a TLS proxy: X-Forwarded-Proto). */
export async function requestProtocol(): Promise<string> {
  const proto = (await headers()).get('x-forwarded-proto')?.split(',')[0]?.trim();
  return proto === 'https' ? 'https:' : 'http:';
}
