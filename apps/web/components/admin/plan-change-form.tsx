'use client';
// Moves a team to another plan from the staff console (POST /v1/admin/teams/{team}/plan): the same
// rules as the team's own upgrade (a first Pro starts the trial), recorded in the team's audit log.
import { Button, Select, useToast } from '@nimbus/ui';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { api, errorMessage } from '../dashboard/api';

const PLANS = ['hobby', 'pro'] as const;

export function PlanChangeForm({ team, plan }: { team: string; plan: string }) {
  const router = useRouter();
  const toast = useToast();
  const [next, setNext] = useState<string>(PLANS.find((p) => p !== plan) ?? 'pro');
  const [busy, setBusy] = useState(false);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await api()(`/v1/admin/teams/${encodeURIComponent(team)}/plan`, { method: 'POST', body: { plan: next } });
      toast.success(`${team} is now on the ${next} plan.`);
      router.refresh();
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} className="flex items-center gap-2">
      <Select
        aria-label="New plan"
        value={next}
        onChange={(e) => setNext(e.target.value)}
        controlSize="small"
        widthClass="w-40"
      >
        {PLANS.map((p) => (
          <option key={p} value={p}>
            {p === 'pro' ? 'Pro' : 'Hobby'}
          </option>
        ))}
      </Select>
      <Button type="submit" size="small" variant="primary" loading={busy}>
        Change plan
      </Button>
    </form>
  );
}
