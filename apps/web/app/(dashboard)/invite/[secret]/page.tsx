// /invite/{secret}: the link in an invitation e-mail. Shows which team and role it is for and lets
// the invited person join; logged-out visitors see the same and log in (or sign up) first, coming
// back here to accept.

import { DomainError } from '@nimbus/core';
import { buttonClass, Card } from '@nimbus/ui';
import type { Metadata } from 'next';
import Link from 'next/link';
import { authHref } from '@/components/dashboard/auth/next-param';
import { AcceptInvitation } from '@/components/dashboard/invite/accept-invitation';
import { ROLE_LABELS } from '@/components/dashboard/team/role-options';
import { members } from '@/lib/data';
import { runtime } from '@/lib/runtime';
import { getSession, getTeams, homePath } from '@/lib/session';

export const metadata: Metadata = { title: 'Join a team' };

/** The invitation, or why it cannot be used (expired, used, unknown) in words the visitor can act on. */
async function preview(secret: string) {
  try {
    return { invitation: await members.preview(runtime().apiOptions, secret), problem: null };
  } catch (error) {
    if (error instanceof DomainError) return { invitation: null, problem: error.message };
    throw error;
  }
}

export default async function InvitePage({ params }: { params: Promise<{ secret: string }> }) {
  const session = await getSession();
  const { secret } = await params;
  const here = `/invite/${encodeURIComponent(secret)}`;
  const { invitation, problem } = await preview(secret);
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
          description={problem}
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
