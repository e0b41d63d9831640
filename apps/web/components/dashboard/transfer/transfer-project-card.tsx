'use client';
// Project settings → "Transfer project": the settings card around the TransferButton, shown to
// those who may move the project out of its team (owners).
import type { TeamJson } from '@nimbus/api';
import { Card } from '@nimbus/ui';
import { TransferButton } from './transfer-button';
import { canTransferFrom, type TransferProject } from './transfer-rules';

export function TransferProjectCard({
  team,
  project,
}: {
  team: Pick<TeamJson, 'id' | 'slug' | 'membership'>;
  project: TransferProject;
}) {
  if (!canTransferFrom(team)) return null;
  return (
    <Card
      id="transfer-project"
      title="Transfer project"
      description="Move this project, with its deployments and domains, to another team or your personal account."
      footer={
        <>
          <span>You need to be able to create projects in the destination.</span>
          <TransferButton team={team} project={project} />
        </>
      }
    />
  );
}
