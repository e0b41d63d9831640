// /two-factor-required?teamSlug=…&next=… (docs/spec.md §2, §4): the server refused a request because the
// team enforces multi-factor authentication and the caller has not proved a second factor. A logged-in
// member without two-factor sets it up here and continues to `next`; one who has it (refused for an old
// token, say) continues at once; a logged-out visitor is sent to log in.

import { buttonClass } from '@nimbus/ui';
import type { Metadata } from 'next';
import Link from 'next/link';
import { AuthCard } from '@/components/dashboard/auth/auth-card';
import { authHref, safeNext } from '@/components/dashboard/auth/next-param';
import { TwoFactorRequiredSetup } from '@/components/dashboard/two-factor/two-factor-required-setup';
import { twoFactor, visitorContext } from '@/lib/data';

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
  const ctx = await visitorContext();
  const enabled = ctx ? (await twoFactor.status(ctx)).enabled : false;
  return (
    <AuthCard
      title="Two-factor authentication required"
      description={`The owners of ${teamWords} require every member to use two-factor authentication.`}
    >
      {ctx && !enabled ? (
        <TwoFactorRequiredSetup next={next ?? '/account'} />
      ) : ctx ? (
        <div className="flex flex-col gap-2">
          <p className="text-sm text-muted">
            Your account has two-factor authentication. If a token was refused, create a new one: tokens made before you
            turned it on do not work for {teamWords}.
          </p>
          <Link href={next ?? '/account'} className={buttonClass({ variant: 'primary', size: 'large' })}>
            Continue
          </Link>
        </div>
      ) : (
        <div className="flex flex-col gap-2">
          <Link href={authHref('/login', next)} className={buttonClass({ variant: 'primary', size: 'large' })}>
            Log in
          </Link>
        </div>
      )}
      <p className="text-center text-xs text-muted">Your other teams keep working as before.</p>
    </AuthCard>
  );
}
