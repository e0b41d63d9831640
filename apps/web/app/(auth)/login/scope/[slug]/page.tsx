// /login/scope/{slug}?next=…&missingScope=1 (docs/spec.md §2): the session lacks a permission scope that
// team {slug} requires, so the user logs in again and returns to `next`. It never redirects by
// itself, even when logged in: that is exactly the case it exists for. A team that signs in with
// SAML also offers its SSO button.
import type { Metadata } from 'next';
import { AuthCard } from '@/components/dashboard/auth/auth-card';
import { LoginForm } from '@/components/dashboard/auth/login-form';
import { safeNext } from '@/components/dashboard/auth/next-param';
import { SsoLoginForm } from '@/components/dashboard/auth/sso-login-form';
import { getSession, teamUsesSso } from '@/lib/session';

type Props = {
  params: Promise<{ slug: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `Log in to access ${(await params).slug}` };
}

export default async function ScopeLoginPage({ params, searchParams }: Props) {
  const [{ slug }, query, session] = await Promise.all([params, searchParams, getSession()]);
  const next = safeNext(query.next) ?? `/${slug}`;
  const ssoTeam = await teamUsesSso(slug);
  return (
    <AuthCard
      title={`Log in again to access team ${slug}`}
      description={
        session
          ? `You are logged in as ${session.user.email}, but team ${slug} needs you to confirm who you are before you continue.`
          : `Team ${slug} needs you to log in before you continue.`
      }
    >
      <LoginForm next={next} email={session?.user.email} />
      {ssoTeam && <SsoLoginForm next={next} teamSlug={slug} />}
    </AuthCard>
  );
}
