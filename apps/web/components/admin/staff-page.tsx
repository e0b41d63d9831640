// The frame of a staff page: staff only (others get the 404 page, logged-out visitors the login),
// a plain heading and the content. The staff console links here.
import 'server-only';
import type { ServiceContext } from '@nimbus/api';
import { notFound, redirect } from 'next/navigation';
import type { ReactNode } from 'react';
import { visitorContext } from '@/lib/data';
import { getSession } from '@/lib/session';

/** The staff member's service context; anyone else leaves. */
export async function staffContext(path: string): Promise<ServiceContext> {
  const [session, ctx] = await Promise.all([getSession(), visitorContext()]);
  if (!session || !ctx) redirect(`/login?next=${encodeURIComponent(path)}`);
  if (session.flags.staff !== true) notFound();
  return ctx;
}

export function StaffPage({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <main id="main" className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 sm:px-6">
      <div className="flex flex-col gap-1.5">
        <p className="text-xs font-medium uppercase tracking-wide text-muted">Staff</p>
        <h1 className="text-3xl font-semibold tracking-tight">{title}</h1>
        <p className="text-sm text-muted">{description}</p>
      </div>
      {children}
    </main>
  );
}
