// /{team}/~/settings/members: members with their roles, invitations, and leaving the team.

import { can } from '@nimbus/core';
import type { Metadata } from 'next';
import { LoginRedirect } from '@/components/dashboard/login-redirect';
import { InvitationList } from '@/components/dashboard/team/invitation-list';
import { InviteForm } from '@/components/dashboard/team/invite-form';
import { MemberList } from '@/components/dashboard/team/member-list';
import { PersonalNoMembers } from '@/components/dashboard/team/personal-no-members';
import { members, teamContext } from '@/lib/data';
import { getSession, getTeam, getTeams } from '@/lib/session';

type Props = { params: Promise<{ team: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `Members – ${(await params).team}` };
}

export default async function TeamMembersPage({ params }: Props) {
  const session = await getSession();
  if (!session) return <LoginRedirect />;
  const [team, teams] = await Promise.all([getTeam((await params).team), getTeams()]);
  if (team.personal) return <PersonalNoMembers />;
  const role = team.membership?.role ?? 'VIEWER';
  const ctx = await teamContext(team.id);
  const [{ members: people }, { invitations }] = await Promise.all([
    members.list(ctx, team.id),
    members.invitations(ctx, team.id),
  ]);
  const personal = teams.find((t) => t.personal);
  return (
    <>
      {can(role, 'members:invite') && <InviteForm teamId={team.id} />}
      <MemberList
        teamId={team.id}
        members={people}
        role={role}
        userId={session.user.id}
        afterLeave={`/${personal?.slug ?? session.user.username}`}
      />
      {invitations.length > 0 && (
        <InvitationList teamId={team.id} invitations={invitations} canRevoke={can(role, 'members:invite')} />
      )}
    </>
  );
}
