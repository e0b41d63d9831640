// /signup?next=…: create an account (with a personal Hobby account), then continue like a login.
import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { AuthCard } from '@/components/dashboard/auth/auth-card';
import { authHref, safeNext } from '@/components/dashboard/auth/next-param';
import { SignupForm } from '@/components/dashboard/auth/signup-form';
import { getSession, getTeams, homePath } from '@/lib/session';

export const metadata: Metadata = { title: 'Sign up' };

export default async function SignupPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const next = safeNext((await searchParams).next);
  const session = await getSession();
  if (session) redirect(next ?? homePath(session.user, await getTeams()));
  return (
    <AuthCard
      title="Create your Nimbus account"
      description="Deploy your first site in a minute. Free for personal projects."
      footer={
        <>
          Already have an account?{' '}
          <Link href={authHref('/login', next)} className="font-medium text-foreground underline underline-offset-4">
            Log in
          </Link>
        </>
      }
    >
      <SignupForm next={next} />
    </AuthCard>
  );
}
