'use client';
// Team settings → "Transfer projects": moves several of the team's projects to another of the
// user's accounts at once (all or nothing). The modal lists the team's projects to choose from.
import type { TeamJson } from '@nimbus/api';
import { Button, Card } from '@nimbus/ui';
import { useTransferModal } from './transfer-provider';

export function BulkTransferCard({ team }: { team: Pick<TeamJson, 'id' | 'slug'> }) {
  const transfer = useTransferModal();
  return (
    <Card
      id="transfer"
      title="Transfer projects"
      description="Move projects, with their deployments and domains, to another team or your personal account."
      footer={
        <>
          <span>You need to be able to create projects in the destination.</span>
          <Button
            size="small"
            onPointerEnter={transfer.preload}
            onFocus={transfer.preload}
            onClick={() => transfer.request({ sourceAccount: { id: team.id, slug: team.slug }, projects: [] })}
          >
            Transfer projects
          </Button>
        </>
      }
    />
  );
}
