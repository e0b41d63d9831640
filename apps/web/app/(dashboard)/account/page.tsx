// /account: avatar, name, username, e-mail (read-only: it is the login), the default team, the
// password, two-factor authentication, notifications, the browser sessions and deleting the account.
import type { Metadata } from 'next';
import { AvatarCard } from '@/components/dashboard/account/avatar-card';
import { DefaultTeamCard } from '@/components/dashboard/account/default-team-card';
import { DeleteAccount } from '@/components/dashboard/account/delete-account';
import { NotificationsForm } from '@/components/dashboard/account/notifications-form';
import { PasswordForm } from '@/components/dashboard/account/password-form';
import { ProfileForm } from '@/components/dashboard/account/profile-form';
import { SessionList } from '@/components/dashboard/account/session-list';
import { UsernameForm } from '@/components/dashboard/account/username-form';
import { LoginRedirect } from '@/components/dashboard/login-redirect';
import { scopeName } from '@/components/dashboard/names';
import { TwoFactorCard } from '@/components/dashboard/two-factor/two-factor-card';
import { accountProfile, notifications, sessions as sessionService, twoFactor, visitorContext } from '@/lib/data';
import { getSession, getTeams } from '@/lib/session';

export const metadata: Metadata = { title: 'Account settings' };

export default async function AccountPage() {
  const [session, ctx] = await Promise.all([getSession(), visitorContext()]);
  if (!session || !ctx) return <LoginRedirect />;
  const [teams, { sessions }, twoFactorStatus, deletion, notificationSettings] = await Promise.all([
    getTeams(),
    sessionService.list(ctx),
    twoFactor.status(ctx),
    accountProfile.deletionPlan(ctx),
    notifications.get(ctx),
  ]);
  const defaultTeam = teams.find((t) => t.id === session.user.defaultTeamId);
  return (
    <>
      <AvatarCard avatar={session.user.avatar} />
      <ProfileForm name={session.user.name} email={session.user.email} />
      <UsernameForm username={session.user.username} personalSlug={teams.find((t) => t.personal)?.slug ?? null} />
      <DefaultTeamCard teamName={defaultTeam ? scopeName(defaultTeam, session.user) : null} />
      <PasswordForm />
      <TwoFactorCard status={twoFactorStatus} />
      <NotificationsForm saved={notificationSettings} />
      <SessionList sessions={sessions} />
      <DeleteAccount username={session.user.username} teams={deletion.teams} />
    </>
  );
}
