'use client';
import type { Member, TeamJson, UserJson } from '@nimbus/api';
import { PLANS } from '@nimbus/core';
import { Button, buttonClass, Field, Modal, Notice, Select, useToast } from '@nimbus/ui';
// The upgrade modal (docs/spec.md §3, §4): opened through openUpgradeModal() from anywhere in the dashboard,
// it moves a hobby team the user may bill for to Pro through POST /api/v1/plan/change (the first
// time with the 14-day trial), then reports the upgrade event, converted or abandoned.
import { usePathname, useRouter } from 'next/navigation';
import { useEffect, useState, useSyncExternalStore } from 'react';
import useSWR from 'swr';
import { api, errorMessage } from '../api';
import { formatDate } from '../format';
import { scopeName } from '../names';
import { isTracked, sendInternalEvent } from './event-stream';
import { PlanSummary } from './plan-summary';
import { pickTeam, upgradableTeams } from './upgradable-teams';
import { UPGRADE_TOPIC, type UpgradeEnd, type UpgradeScope, upgradeEvent } from './upgrade-event';
import { upgradeStore } from './upgrade-store';

type Props = { user: Pick<UserJson, 'id' | 'email' | 'name' | 'username'>; teams: TeamJson[] };
type PlanChange = {
  team: TeamJson;
  priorPlan: string;
  newPlan: string;
  conversionType: 'trial' | 'paid' | 'downgrade';
};

export function UpgradeModal({ user, teams }: Props) {
  const scope = useSyncExternalStore(upgradeStore.subscribe, upgradeStore.getSnapshot, () => null);
  useEffect(() => upgradeStore.attach(), []);
  const router = useRouter();
  const pathname = usePathname();
  const toast = useToast();
  const eligible = upgradableTeams(teams);
  const [shown, setShown] = useState<UpgradeScope | null>(null);
  const [teamId, setTeamId] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A new opening (a new scope) starts from its own team hint, or the team of the current page.
  if (scope && scope !== shown) {
    setShown(scope);
    setTeamId(pickTeam(eligible, scope.teamHint ?? pathname.split('/')[1] ?? null)?.id ?? '');
    setError(null);
  }
  const team = eligible.find((t) => t.id === teamId) ?? null;
  const { data } = useSWR<{ members: Member[] }>(scope && team ? `/v3/teams/${team.id}/members` : null);
  const seats = data?.members.length ?? 1;
  const cart = { existingTeamMembers: seats, cartTotal: seats * (PLANS.pro.priceMonthly ?? 0) };

  function finish(conversion?: UpgradeEnd['conversion']) {
    if (!scope) return;
    const end: UpgradeEnd = {
      actorId: user.id,
      team: team && { id: team.id, createdAt: team.createdAt, plan: team.billing.plan },
      cart,
      conversion,
    };
    if (isTracked(user.email)) sendInternalEvent(UPGRADE_TOPIC, upgradeEvent(scope, end, Date.now()));
    upgradeStore.close();
  }

  async function upgrade(event: React.FormEvent) {
    event.preventDefault();
    if (!team) return;
    setBusy(true);
    setError(null);
    try {
      const result = await api()<PlanChange>('/v1/plan/change', {
        method: 'POST',
        query: { teamId: team.id },
        body: { plan: 'pro' },
      });
      finish({ priorPlan: result.priorPlan, newPlan: result.newPlan, conversionType: result.conversionType });
      const trialEnd = result.team.billing.trial?.end;
      toast.success(`${scopeName(team, user)} is on Pro.${trialEnd ? ` The trial ends ${formatDate(trialEnd)}.` : ''}`);
      router.refresh();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  const trial = (shown?.desiredTrialBehavior ?? 'trial') === 'trial';
  return (
    <Modal
      open={scope !== null}
      onClose={() => !busy && finish()}
      title="Upgrade to Pro"
      description={eligible.length ? PLANS.pro.tagline : undefined}
      footer={
        <>
          <Button onClick={() => finish()} disabled={busy}>
            Cancel
          </Button>
          {team ? (
            <Button variant="primary" type="submit" form="upgrade-form" loading={busy}>
              Upgrade to Pro
            </Button>
          ) : (
            <a href="/new/team" className={buttonClass({ variant: 'primary' })} onClick={() => finish()}>
              Create a team
            </a>
          )}
        </>
      }
    >
      {team ? (
        <form id="upgrade-form" onSubmit={upgrade} className="flex flex-col gap-4">
          <Field label="Team">
            {(control) => (
              <Select {...control} value={teamId} onChange={(e) => setTeamId(e.target.value)}>
                {eligible.map((t) => (
                  <option key={t.id} value={t.id}>
                    {scopeName(t, user)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <PlanSummary seats={seats} total={cart.cartTotal} trial={trial} />
          {error && <Notice>{error}</Notice>}
        </form>
      ) : (
        <Notice tone="note">
          Pro is for teams. None of your teams can be upgraded by you: they are on Pro already, or your role cannot
          change billing. Create a team to start a trial.
        </Notice>
      )}
    </Modal>
  );
}
