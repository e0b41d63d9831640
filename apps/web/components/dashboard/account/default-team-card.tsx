'use client';
// Shows which team opens after login and opens the set-default-team modal to change it.
import { Button, Card } from '@nimbus/ui';
import { useDefaultTeamModal } from '../default-team-modal';

export function DefaultTeamCard({ teamName }: { teamName: string | null }) {
  const open = useDefaultTeamModal();
  return (
    <Card
      id="default-team"
      title="Default team"
      description="The team that opens after you log in, and the scope used when none is chosen."
      footer={
        <>
          <span>You can also change it from the scope switcher.</span>
          <Button size="small" variant="primary" onClick={open}>
            Change default team
          </Button>
        </>
      }
    >
      <p className="text-sm">
        Current default: <strong className="font-medium">{teamName ?? 'none'}</strong>
      </p>
    </Card>
  );
}
