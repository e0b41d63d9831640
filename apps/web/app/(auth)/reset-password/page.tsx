// /reset-password?token=…: the page a reset e-mail links to. Setting the password logs out every session.
import type { Metadata } from 'next';
import Link from 'next/link';
import { AuthCard } from '@/components/dashboard/auth/auth-card';
import { ResetPasswordForm } from '@/components/dashboard/auth/password-reset-forms';

export const metadata: Metadata = { title: 'Choose a new password' };

export default async function ResetPasswordPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { token } = await searchParams;
  const link = (
    <Link href="/forgot-password" className="font-medium text-foreground underline underline-offset-4">
      Ask for a new link
    </Link>
  );
  return (
    <AuthCard
      title="Choose a new password"
      description="Every browser logged in to your account is logged out once it is set."
      footer={<>Link expired? {link}</>}
    >
      {typeof token === 'string' && token ? (
        <ResetPasswordForm token={token} />
      ) : (
        <p className="text-center text-sm text-muted">This page needs the link from the reset e-mail.</p>
      )}
    </AuthCard>
  );
}
