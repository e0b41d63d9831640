// Shown for a team that does not exist or that the user is not a member of: the two look the same
// on purpose, so team slugs cannot be probed.

import { buttonClass } from '@nimbus/ui';
import Link from 'next/link';

export default function TeamNotFound() {
  return (
    <main
      id="main"
      className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center gap-3 px-6 text-center"
    >
      <title>Team not found – Nimbus</title>
      <p className="font-mono text-sm text-muted">404</p>
      <h1 className="text-2xl font-semibold tracking-tight">Team not found</h1>
      <p className="text-sm text-muted">
        This team does not exist, or you are not a member of it. Ask one of its owners for an invitation.
      </p>
      <Link href="/new/team" className={buttonClass({ variant: 'primary', className: 'mt-2' })}>
        Create a team
      </Link>
    </main>
  );
}
