'use client';
// The "Transfer" entry point of project settings: preloads the modal when the pointer or focus
// arrives, opens it on click with the one project. Owners only (the API checks again).
import type { TeamJson } from '@nimbus/api';
import { Button } from '@nimbus/ui';
import { useTransferModal } from './transfer-provider';
import { canTransferFrom, type TransferProject } from './transfer-rules';

type Props = { team: Pick<TeamJson, 'id' | 'slug' | 'membership'>; project: TransferProject; label?: string };

export function TransferButton({ team, project, label = 'Transfer' }: Props) {
  const transfer = useTransferModal();
  if (!canTransferFrom(team)) return null;
  return (
    <Button
      onPointerEnter={transfer.preload}
      onFocus={transfer.preload}
      onClick={() => transfer.request({ sourceAccount: { id: team.id, slug: team.slug }, projects: [project] })}
    >
      {label}
    </Button>
  );
}
