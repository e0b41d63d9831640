'use client';
// Freezes or unfreezes an account from the staff console (POST /v1/admin/teams/{team}/freeze): a
// frozen team's deployments show a notice instead of their content, recorded in the team's audit log.
import { Button, useToast } from '@nimbus/ui';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { api, errorMessage } from '../dashboard/api';

export function FreezeForm({ team, frozen }: { team: string; frozen: boolean }) {
  const router = useRouter();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const toggle = async () => {
    setBusy(true);
    try {
      await api()(`/v1/admin/teams/${encodeURIComponent(team)}/freeze`, { method: 'POST', body: { frozen: !frozen } });
      toast.success(frozen ? `${team} is unfrozen.` : `${team} is frozen: its deployments show a notice.`);
      router.refresh();
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="small" variant={frozen ? 'primary' : 'danger'} loading={busy} onClick={() => void toggle()}>
      {frozen ? 'Unfreeze account' : 'Freeze account'}
    </Button>
  );
}
