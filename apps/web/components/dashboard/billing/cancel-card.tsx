'use client';
import { Button, Card, Notice, useToast } from '@nimbus/ui';
// Cancelling Pro at the end of the period (POST /api/v1/billing/cancel): before the owner confirms,
// the modal lists what will stop working on Hobby (GET /api/v1/billing/downgrade). A scheduled
// cancellation can be withdrawn until then (DELETE).
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { api, errorMessage } from '../api';
import { ConfirmModal } from '../confirm-modal';
import { formatDate } from '../format';

type Preview = { endsAt: number; losses: { key: string; message: string }[] };

export function CancelCard({
  teamId,
  cancelAtPeriodEnd,
  periodEnd,
  canUpdate,
}: {
  teamId: string;
  cancelAtPeriodEnd: boolean;
  periodEnd: number | null;
  canUpdate: boolean;
}) {
  const [preview, setPreview] = useState<Preview | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const router = useRouter();
  const toast = useToast();

  async function open() {
    setBusy(true);
    setError(null);
    try {
      setPreview(await api()<Preview>('/v1/billing/downgrade', { query: { teamId } }));
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  async function keep() {
    setBusy(true);
    setError(null);
    try {
      await api()('/v1/billing/cancel', { method: 'DELETE', query: { teamId } });
      toast.success('Pro continues.');
      router.refresh();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  if (cancelAtPeriodEnd) {
    return (
      <Card id="cancel" title="Pro ends at the end of the period" description="The team moves to Hobby then.">
        <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
          <span>Pro ends on {periodEnd ? formatDate(periodEnd) : 'the end of the period'}.</span>
          {error && <Notice>{error}</Notice>}
          {canUpdate && (
            <Button size="small" onClick={keep} loading={busy}>
              Keep Pro
            </Button>
          )}
        </div>
      </Card>
    );
  }
  return (
    <Card
      id="cancel"
      title="Cancel Pro"
      description="Pro stays until the end of the period already paid for (or the trial), then the team moves to Hobby."
      footer={
        canUpdate ? (
          <Button size="small" variant="danger" onClick={open} loading={busy}>
            Cancel Pro…
          </Button>
        ) : (
          <span>Only owners and billing members can cancel.</span>
        )
      }
    >
      {error && <Notice tone="error">{error}</Notice>}
      <ConfirmModal
        open={preview !== null}
        onClose={() => setPreview(null)}
        title="Cancel Pro at the end of the period?"
        confirmLabel="Cancel at period end"
        cancelLabel="Keep Pro"
        description={
          <div className="flex flex-col gap-2">
            <p>On {preview ? formatDate(preview.endsAt) : ''} the team moves to Hobby. What stops working:</p>
            <ul className="list-disc pl-5" aria-label="What stops working">
              {preview?.losses.map((loss) => (
                <li key={loss.key}>{loss.message}</li>
              ))}
            </ul>
          </div>
        }
        onConfirm={async () => {
          await api()('/v1/billing/cancel', { method: 'POST', query: { teamId } });
          setPreview(null);
          toast.success('Pro will end at the end of the period.');
          router.refresh();
        }}
      />
    </Card>
  );
}
