// /account: name, e-mail (read-only: it is the login) and the default team.
import type { Metadata } from 'next';
import { DefaultTeamCard } from '@/components/dashboard/account/default-team-card';
import { ProfileForm } from '@/components/dashboard/account/profile-form';
import { LoginRedirect } from '@/components/dashboard/login-redirect';
import { scopeName } from '@/components/dashboard/names';
import { getSession, getTeams } from '@/lib/session';

export const metadata: Metadata = { title: 'Account settings' };

export default async function AccountPage() {
  const session = await getSession();
  if (!session) return <LoginRedirect />;
  const teams = await getTeams();
  const defaultTeam = teams.find((t) => t.id === session.user.defaultTeamId);
  return (
    <>
      <ProfileForm name={session.user.name} email={session.user.email} />
      <DefaultTeamCard teamName={defaultTeam ? scopeName(defaultTeam, session.user) : null} />
    </>
  );
}
