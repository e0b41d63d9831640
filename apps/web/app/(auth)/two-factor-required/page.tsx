// /two-factor-required?teamSlug=…&next=… (docs/spec.md §2, §4): the server refused a request because the
// team enforces multi-factor authentication and the current session has no second factor.

import { buttonClass } from '@nimbus/ui';
import type { Metadata } from 'next';
import Link from 'next/link';
import { AuthCard } from '@/components/dashboard/auth/auth-card';
import { authHref, safeNext } from '@/components/dashboard/auth/next-param';

export const metadata: Metadata = { title: 'Two-factor authentication required' };

export default async function TwoFactorRequiredPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const query = await searchParams;
  const team = typeof query.teamSlug === 'string' ? query.teamSlug : null;
  const next = safeNext(query.next);
  const teamWords = team ? `team ${team}` : 'this team';
  return (
    <AuthCard
      title="Two-factor authentication required"
      description={`The owners of ${teamWords} require every member to use two-factor authentication, and your current session was not started with a second factor.`}
    >
      <ol className="flex list-decimal flex-col gap-2 pl-5 text-sm text-muted">
        <li>Log in again, confirming it is you with your second factor.</li>
        <li>You return to the page you were on and can continue.</li>
        <li>If you have no second factor set up, ask an owner of {teamWords} how your organisation enables it.</li>
      </ol>
      <div className="flex flex-col gap-2">
        <Link href={authHref('/login', next)} className={buttonClass({ variant: 'primary', size: 'large' })}>
          Log in again
        </Link>
        <Link href="/account" className={buttonClass({ size: 'large' })}>
          Back to your account
        </Link>
      </div>
      <p className="text-center text-xs text-muted">Your other teams keep working as before.</p>
    </AuthCard>
  );
}
