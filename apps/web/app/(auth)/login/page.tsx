// /login?next=…: log in, then return to `next` (when it is an internal target) or the default team.
// Below the password form, "Log in with SAML SSO" finds the team by the e-mail's domain.
// `?reset=1` is where a password reset lands: it says the new password is set.
import { Notice } from '@nimbus/ui';
import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { AuthCard } from '@/components/dashboard/auth/auth-card';
import { LoginForm } from '@/components/dashboard/auth/login-form';
import { authHref, safeNext } from '@/components/dashboard/auth/next-param';
import { SsoLoginForm } from '@/components/dashboard/auth/sso-login-form';
import { getSession, getTeams, homePath } from '@/lib/session';

export const metadata: Metadata = { title: 'Log in' };

export default async function LoginPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const params = await searchParams;
  const next = safeNext(params.next);
  const session = await getSession();
  if (session) redirect(next ?? homePath(session.user, await getTeams()));
  return (
    <AuthCard
      title="Log in to Nimbus"
      footer={
        <>
          Don&apos;t have an account?{' '}
          <Link href={authHref('/signup', next)} className="font-medium text-foreground underline underline-offset-4">
            Sign up
          </Link>
        </>
      }
    >
      {params.reset === '1' && (
        <Notice tone="note">Your new password is set and every session was logged out. Log in with it.</Notice>
      )}
      <LoginForm next={next} />
      <SsoLoginForm next={next} />
    </AuthCard>
  );
}
