'use client';
// Spend management (PUT/DELETE /v1/budgets, POST /v1/budgets/resume): the monthly amount, whether
// production pauses at 100%, the alert webhook (its signing secret shown once), the alerts sent this
// month, and Resume while production is paused.
import { Button, Card, Notice, TextField, useToast } from '@nimbus/ui';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { api, errorMessage } from '../api';
import { dollars } from './format';

export interface BudgetData {
  budget: { amountCents: number; pauseProduction: boolean; webhookUrl: string | null } | null;
  spend: { month: string; spentCents: number; percent: number | null };
  alerts: { threshold: number; spentCents: number; sentAt: number }[];
  productionPaused: boolean;
  webhookSecret?: string;
}

export function BudgetForm({ teamId, data, canEdit }: { teamId: string; data: BudgetData; canEdit: boolean }) {
  const router = useRouter();
  const toast = useToast();
  const [amount, setAmount] = useState(data.budget ? String(data.budget.amountCents / 100) : '');
  const [pause, setPause] = useState(data.budget?.pauseProduction ?? false);
  const [webhookUrl, setWebhookUrl] = useState(data.budget?.webhookUrl ?? '');
  const [secret, setSecret] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'save' | 'remove' | 'resume' | null>(null);
  const q = `?teamId=${encodeURIComponent(teamId)}`;

  const run = async (kind: 'save' | 'remove' | 'resume', call: () => Promise<unknown>, done: string) => {
    setBusy(kind);
    setError(null);
    try {
      await call();
      toast.success(done);
      router.refresh();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(null);
    }
  };

  const save = (event: React.FormEvent) => {
    event.preventDefault();
    const cents = Math.round(Number(amount) * 100);
    if (!Number.isFinite(cents) || cents < 100) return setError('Enter a monthly amount of at least $1.');
    void run(
      'save',
      async () => {
        const reply = await api()<BudgetData>(`/v1/budgets${q}`, {
          method: 'PUT',
          body: { amountCents: cents, pauseProduction: pause, webhookUrl: webhookUrl.trim() || null },
        });
        if (reply.webhookSecret) setSecret(reply.webhookSecret);
      },
      'Budget saved.',
    );
  };

  return (
    <Card
      title="Spend management"
      description="A monthly budget for usage past the plan's included amounts. Owners and billing members get an e-mail at 50%, 75% and 100%, and the webhook receives each alert."
    >
      <div className="flex flex-col gap-4">
        <p className="text-sm" data-testid="budget-spend">
          Spent in {data.spend.month}: <strong>{dollars(data.spend.spentCents)}</strong>
          {data.budget && ` of ${dollars(data.budget.amountCents)} (${data.spend.percent}%)`}
        </p>
        {data.productionPaused && (
          <Notice tone="warning">
            <p>Production deployments are paused: the month&apos;s spend reached the budget. Visitors see a notice.</p>
            {canEdit && (
              <div>
                <Button
                  size="small"
                  variant="primary"
                  loading={busy === 'resume'}
                  onClick={() =>
                    void run(
                      'resume',
                      () => api()(`/v1/budgets/resume${q}`, { method: 'POST' }),
                      'Production deployments resumed.',
                    )
                  }
                >
                  Resume production
                </Button>
              </div>
            )}
          </Notice>
        )}
        {data.alerts.length > 0 && (
          <ul aria-label="Alerts sent this month" className="text-sm text-muted">
            {data.alerts.map((alert) => (
              <li key={alert.threshold}>
                {alert.threshold}% reached on {new Date(alert.sentAt).toLocaleDateString('en-US')} (
                {dollars(alert.spentCents)})
              </li>
            ))}
          </ul>
        )}
        {secret && (
          <Notice tone="warning">
            <p>
              Copy the webhook signing secret now; it is not shown again. Each alert carries{' '}
              <code>x-nimbus-signature: sha256=HMAC-SHA256(secret, body)</code>.
            </p>
            <code data-testid="webhook-secret" className="break-all">
              {secret}
            </code>
          </Notice>
        )}
        {canEdit ? (
          <form onSubmit={save} className="flex flex-col gap-3" aria-label="Budget">
            <TextField
              label="Monthly budget (USD)"
              type="number"
              min={1}
              step="0.01"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              required
            />
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={pause} onChange={(e) => setPause(e.target.checked)} />
              Pause all production deployments at 100% (previews keep working)
            </label>
            <TextField
              label="Alert webhook URL (optional)"
              type="url"
              placeholder="https://example.com/hooks/nimbus"
              value={webhookUrl}
              onChange={(e) => setWebhookUrl(e.target.value)}
            />
            {error && <Notice>{error}</Notice>}
            <div className="flex gap-2">
              <Button type="submit" variant="primary" loading={busy === 'save'}>
                Save budget
              </Button>
              {data.budget && (
                <Button
                  loading={busy === 'remove'}
                  onClick={() =>
                    void run('remove', () => api()(`/v1/budgets${q}`, { method: 'DELETE' }), 'Budget removed.')
                  }
                >
                  Remove budget
                </Button>
              )}
            </div>
          </form>
        ) : (
          <p className="text-sm text-muted">Owners and billing members set the budget.</p>
        )}
      </div>
    </Card>
  );
}
