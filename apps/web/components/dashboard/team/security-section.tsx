// A team's security settings, one card per rule: two-factor authentication for every member.
// Only owners change them; the section is the home of every sign-in rule a team sets.
import type { TeamJson } from '@nimbus/api';
import { TeamTwoFactorForm } from './team-two-factor-form';

export function TeamSecuritySection({ team, viewerHasTwoFactor }: { team: TeamJson; viewerHasTwoFactor: boolean }) {
  const isOwner = team.membership?.role === 'OWNER';
  return (
    <section aria-label="Security" className="flex flex-col gap-6">
      <TeamTwoFactorForm team={team} canEdit={isOwner && !team.personal} viewerHasTwoFactor={viewerHasTwoFactor} />
    </section>
  );
}
