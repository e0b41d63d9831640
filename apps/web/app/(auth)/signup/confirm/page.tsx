// /signup/confirm?token=…: the page a sign-up e-mail links to (servers that send mail). One press
// creates the account and logs in; an expired or used link says so and points back to sign-up.
import type { Metadata } from 'next';
import Link from 'next/link';
import { AuthCard } from '@/components/dashboard/auth/auth-card';
import { ConfirmSignupForm } from '@/components/dashboard/auth/signup-form';

export const metadata: Metadata = { title: 'Finish signing up' };

export default async function ConfirmSignupPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { token } = await searchParams;
  const link = (
    <Link href="/signup" className="font-medium text-foreground underline underline-offset-4">
      Sign up again
    </Link>
  );
  return (
    <AuthCard
      title="Finish signing up"
      description="Your address is confirmed. Create your Nimbus account to continue."
      footer={<>Link expired? {link}</>}
    >
      {typeof token === 'string' && token ? (
        <ConfirmSignupForm token={token} />
      ) : (
        <p className="text-center text-sm text-muted">This page needs the link from the sign-up e-mail.</p>
      )}
    </AuthCard>
  );
}
