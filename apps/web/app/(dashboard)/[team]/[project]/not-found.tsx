// A project that does not exist in this team (or a team the user cannot see): same page either way.

import { buttonClass } from '@nimbus/ui';
import Link from 'next/link';

export default function ProjectNotFound() {
  return (
    <main
      id="main"
      className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center gap-3 px-6 text-center"
    >
      <title>Not found – Nimbus</title>
      <p className="font-mono text-sm text-muted">404</p>
      <h1 className="text-2xl font-semibold tracking-tight">Not found</h1>
      <p className="text-sm text-muted">This project or deployment does not exist in this team, or it was deleted.</p>
      <Link href="/new" className={buttonClass({ variant: 'primary', className: 'mt-2' })}>
        Deploy a new project
      </Link>
    </main>
  );
}
