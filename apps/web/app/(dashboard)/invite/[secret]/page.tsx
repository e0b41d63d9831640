// /invite/{secret}: the link in an invitation e-mail. Shows which team and role it is for and lets
// the invited person join; logged-out visitors see the same and log in (or sign up) first, coming
// back here to accept.

import type { Role } from '@nimbus/core';
import { buttonClass, Card } from '@nimbus/ui';
import type { Metadata } from 'next';
import Link from 'next/link';
import { authHref } from '@/components/dashboard/auth/next-param';
import { AcceptInvitation } from '@/components/dashboard/invite/accept-invitation';
import { ROLE_LABELS } from '@/components/dashboard/team/role-options';
import { serverApi } from '@/lib/runtime';
import { getSession, getTeams, homePath } from '@/lib/session';

export const metadata: Metadata = { title: 'Join a team' };

type Invitation = { email: string; role: Role; team: { id: string; slug: string; name: string | null } };
type Failure = { error: { message: string } };

export default async function InvitePage({ params }: { params: Promise<{ secret: string }> }) {
  const session = await getSession();
  const { secret } = await params;
  const here = `/invite/${encodeURIComponent(secret)}`;
  const { status, data } = await serverApi<Invitation | Failure>(`/v1/invitations/${encodeURIComponent(secret)}`);
  const invitation = status === 200 ? (data as Invitation) : null;
  const teamName = invitation ? (invitation.team.name ?? invitation.team.slug) : '';
  return (
    <main id="main" className="mx-auto flex w-full max-w-lg flex-col gap-6 px-4 py-16 sm:px-6">
      {invitation ? (
        <Card
          title={`Join ${teamName}`}
          description={
            <>
              You were invited to join <strong className="text-foreground">{teamName}</strong> on Nimbus as{' '}
              <strong className="text-foreground">{ROLE_LABELS[invitation.role].toLowerCase()}</strong>.
            </>
          }
          footer={
            <>
              <span>Invitation for {invitation.email}</span>
              {session ? (
                <AcceptInvitation secret={secret} />
              ) : (
                <span className="flex gap-2">
                  <Link
                    href={authHref('/login', here)}
                    className={buttonClass({ size: 'small', variant: 'secondary' })}
                  >
                    Log in to join
                  </Link>
                  <Link href={authHref('/signup', here)} className={buttonClass({ size: 'small' })}>
                    Sign up to join
                  </Link>
                </span>
              )}
            </>
          }
        />
      ) : (
        <Card
          title="This invitation cannot be used"
          description={
            (data as Failure | null)?.error?.message ??
            'This invitation link is invalid, expired or already used. Ask for a new one.'
          }
          footer={
            <>
              <span>Invitations expire after 7 days.</span>
              <Link
                href={session ? homePath(session.user, await getTeams()) : '/'}
                className={buttonClass({ size: 'small' })}
              >
                {session ? 'Go to your dashboard' : 'Go to Nimbus'}
              </Link>
            </>
          }
        />
      )}
    </main>
  );
}
