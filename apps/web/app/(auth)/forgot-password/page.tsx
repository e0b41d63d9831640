// /forgot-password: ask for a reset link by e-mail; the answer never says whether the address has an account.
import type { Metadata } from 'next';
import Link from 'next/link';
import { AuthCard } from '@/components/dashboard/auth/auth-card';
import { ForgotPasswordForm } from '@/components/dashboard/auth/password-reset-forms';

export const metadata: Metadata = { title: 'Forgot password' };

export default function ForgotPasswordPage() {
  return (
    <AuthCard
      title="Reset your password"
      description="Enter the e-mail you log in with. We will send a link to choose a new password."
      footer={
        <Link href="/login" className="font-medium text-foreground underline underline-offset-4">
          Back to log in
        </Link>
      }
    >
      <ForgotPasswordForm />
    </AuthCard>
  );
}
