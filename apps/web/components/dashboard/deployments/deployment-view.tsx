'use client';
// The deployment page below its heading, kept live from one SWR key: the facts, the timeline, the
// actions, the streaming build log (its end refreshes the rest at once), the functions and the file tree.
import type { DeploymentJson, ProjectJson } from '@nimbus/api';
import { Card } from '@nimbus/ui';
import { productionIdOf, useProject } from '../projects/use-project';
import { BuildLog } from './build-log';
import { DeploymentActions, type Permissions } from './deployment-actions';
import { DeploymentSummary } from './deployment-summary';
import { FileTree } from './file-tree';
import { FunctionList } from './function-list';
import { RootIndexNotice } from './root-index-notice';
import { StateTimeline } from './state-timeline';
import { useDeployment } from './use-deployment';

export interface DeploymentViewProps {
  team: { id: string; slug: string };
  project: ProjectJson;
  initial: DeploymentJson;
  protocol: string;
  creator?: string;
  can: Permissions;
}

export function DeploymentView({ team, project, initial, protocol, creator, can }: DeploymentViewProps) {
  const { data, mutate } = useDeployment(team.id, initial);
  const { data: liveProject, mutate: refreshProject } = useProject(team.id, project);
  const d = data ?? initial;
  return (
    <div className="flex flex-col gap-6">
      <Card id="deployment-overview" title="Overview">
        <RootIndexNotice teamId={team.id} deploymentId={d.id} ready={d.readyState === 'READY'} />
        <DeploymentSummary
          deployment={d}
          protocol={protocol}
          creator={creator}
          current={d.id === productionIdOf(liveProject)}
        />
        <div className="flex flex-wrap items-center justify-between gap-4 border-t border-border pt-4">
          <StateTimeline deployment={d} />
          <DeploymentActions team={team} project={project} deployment={d} can={can} />
        </div>
      </Card>
      <Card id="build-logs" title="Build logs">
        <BuildLog
          teamId={team.id}
          deploymentId={d.id}
          onFinished={() => void Promise.all([mutate(), refreshProject()])}
        />
      </Card>
      <FunctionList
        team={team}
        project={project.name}
        deploymentId={d.id}
        url={d.url}
        protocol={protocol}
        ready={d.readyState === 'READY'}
      />
      <Card id="files" title="Files">
        <FileTree
          teamId={team.id}
          deploymentId={d.id}
          url={d.url}
          protocol={protocol}
          ready={d.readyState === 'READY'}
        />
      </Card>
    </div>
  );
}
