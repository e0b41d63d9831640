'use client';
import { Button } from '@nimbus/ui';
// Approve / Deny for a waiting `nimbus login`. The calls go through the dashboard's API helper with
// the session cookie; the browser adds the Origin header the API checks on state changes.
import { useState } from 'react';
import { api, errorMessage } from '@/components/dashboard/api';

type Outcome = 'approved' | 'denied';

const DONE: Record<Outcome, string> = {
  approved: 'Approved. The CLI is signed in; you can close this tab and return to your terminal.',
  denied: 'Denied. The CLI stopped waiting and has no access.',
};

export function DeviceApproval({ userCode, teamId }: { userCode: string; teamId?: string }) {
  const [busy, setBusy] = useState<Outcome | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function decide(next: Outcome) {
    setBusy(next);
    setError(null);
    try {
      const path = `/v1/device/${encodeURIComponent(userCode)}/${next === 'approved' ? 'approve' : 'deny'}`;
      await api()(path, { method: 'POST', body: next === 'approved' && teamId ? { teamId } : {} });
      setOutcome(next);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(null);
    }
  }

  if (outcome) {
    return (
      <p role="status" className="text-sm text-foreground">
        {DONE[outcome]}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      <div className="flex justify-end gap-2">
        <Button loading={busy === 'denied'} disabled={busy !== null} onClick={() => decide('denied')}>
          Deny
        </Button>
        <Button
          variant="primary"
          loading={busy === 'approved'}
          disabled={busy !== null}
          onClick={() => decide('approved')}
        >
          Approve
        </Button>
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
