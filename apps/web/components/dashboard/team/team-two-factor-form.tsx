'use client';
import type { TeamJson } from '@nimbus/api';
import Link from 'next/link';
// Require two-factor authentication of every member (PATCH /v2/teams/{id} { mfaEnforced }). An owner
// turns it on only with two-factor on themselves; the API says so too.
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { api } from '../api';
import { SettingsForm } from '../settings-form';
import { useSubmit } from '../use-submit';

export function TeamTwoFactorForm({
  team,
  canEdit,
  viewerHasTwoFactor,
}: {
  team: Pick<TeamJson, 'id' | 'personal' | 'mfaEnforced'>;
  canEdit: boolean;
  viewerHasTwoFactor: boolean;
}) {
  const [enforced, setEnforced] = useState(team.mfaEnforced);
  const { saving, error, run } = useSubmit();
  const router = useRouter();

  async function save(event: React.FormEvent) {
    event.preventDefault();
    await run(async () => {
      await api()(`/v2/teams/${team.id}`, { method: 'PATCH', body: { mfaEnforced: enforced } });
      router.refresh();
    });
  }

  const blocked = enforced && !team.mfaEnforced && !viewerHasTwoFactor;
  return (
    <SettingsForm
      id="two-factor-enforcement"
      title="Two-factor authentication"
      description="Members without two-factor authentication are sent to set it up before they can open the team, and their tokens made before then stop working here."
      note={
        team.personal ? (
          'A personal account has no other members.'
        ) : viewerHasTwoFactor ? (
          'Members keep their access once they turn it on.'
        ) : (
          <>
            Turn it on for <Link href="/account#two-factor">your own account</Link> first.
          </>
        )
      }
      onSubmit={save}
      saving={saving}
      dirty={enforced !== team.mfaEnforced && !blocked}
      canEdit={canEdit}
    >
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={enforced} disabled={!canEdit} onChange={(e) => setEnforced(e.target.checked)} />
        Require two-factor authentication of every member
      </label>
      {error && <p className="mt-2 text-sm text-red-600">{error}</p>}
    </SettingsForm>
  );
}
