// /account: name, e-mail (read-only: it is the login), the default team, the password, two-factor
// authentication and the browser sessions of the account.
import type { Metadata } from 'next';
import { DefaultTeamCard } from '@/components/dashboard/account/default-team-card';
import { PasswordForm } from '@/components/dashboard/account/password-form';
import { ProfileForm } from '@/components/dashboard/account/profile-form';
import { SessionList } from '@/components/dashboard/account/session-list';
import { LoginRedirect } from '@/components/dashboard/login-redirect';
import { scopeName } from '@/components/dashboard/names';
import { TwoFactorCard } from '@/components/dashboard/two-factor/two-factor-card';
import { sessions as sessionService, twoFactor, visitorContext } from '@/lib/data';
import { getSession, getTeams } from '@/lib/session';

export const metadata: Metadata = { title: 'Account settings' };

export default async function AccountPage() {
  const [session, ctx] = await Promise.all([getSession(), visitorContext()]);
  if (!session || !ctx) return <LoginRedirect />;
  const [teams, { sessions }, twoFactorStatus] = await Promise.all([
    getTeams(),
    sessionService.list(ctx),
    twoFactor.status(ctx),
  ]);
  const defaultTeam = teams.find((t) => t.id === session.user.defaultTeamId);
  return (
    <>
      <ProfileForm name={session.user.name} email={session.user.email} />
      <DefaultTeamCard teamName={defaultTeam ? scopeName(defaultTeam, session.user) : null} />
      <PasswordForm />
      <TwoFactorCard status={twoFactorStatus} />
      <SessionList sessions={sessions} />
    </>
  );
}
