'use client';
// The functions of a READY Build Output deployment: each path linked to its URL on the deployment,
// its runtime and the memory and time limits the edge gives it ("default" where its
// `.vc-config.json` names none), and the way to the project's Logs tab. A static deployment has
// none, so the section is not shown at all.
import type { DeploymentFunctionsJson } from '@nimbus/api';
import { Card } from '@nimbus/ui';
import Link from 'next/link';
import useSWR from 'swr';
import { hostHref, projectPath } from './links';

/** The API path the list is read from; also the SWR key. */
export function functionsKey(teamId: string, deploymentId: string): string {
  return `/v1/deployments/${deploymentId}/functions?teamId=${teamId}`;
}

function limit(value: number, unit: string, configured: number | null): string {
  const text = `${value} ${unit}`;
  if (configured === null) return `${text} (default)`;
  return configured === value ? text : `${text} (capped from ${configured} ${unit})`;
}

export function FunctionList({
  team,
  project,
  deploymentId,
  url,
  protocol,
  ready,
}: {
  team: { id: string; slug: string };
  project: string;
  deploymentId: string;
  url: string;
  protocol: string;
  ready: boolean;
}) {
  // A deployment's functions never change once it is READY; before that there are none to list.
  const { data } = useSWR<DeploymentFunctionsJson>(ready ? functionsKey(team.id, deploymentId) : null, {
    revalidateOnFocus: false,
  });
  if (!data?.functions.length) return null;
  const base = hostHref(url, protocol);
  return (
    <Card
      id="functions"
      title="Functions"
      description={
        <>
          Server code of this deployment, run on request in sandboxed runners. Their requests and printed lines are in
          the project&apos;s{' '}
          <Link href={`${projectPath(team.slug, project)}/logs`} className="text-foreground underline">
            Logs
          </Link>
          .
        </>
      }
    >
      <div className="overflow-x-auto rounded-lg border border-border">
        <table aria-label="Functions" className="w-full text-left text-sm">
          <thead className="bg-subtle text-xs text-muted">
            <tr>
              {['Path', 'Runtime', 'Memory', 'Max duration'].map((h) => (
                <th key={h} scope="col" className="whitespace-nowrap px-3 py-2 font-medium">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {data.functions.map((fn) => (
              <tr key={fn.path}>
                <td className="px-3 py-2 font-mono">
                  <a href={`${base}${fn.path}`} target="_blank" rel="noreferrer" className="hover:underline">
                    {fn.path}
                  </a>
                </td>
                <td className="whitespace-nowrap px-3 py-2 font-mono text-xs">{fn.runtime}</td>
                <td className="whitespace-nowrap px-3 py-2">{limit(fn.memory, 'MB', fn.configured.memory)}</td>
                <td className="whitespace-nowrap px-3 py-2">{limit(fn.maxDuration, 's', fn.configured.maxDuration)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
