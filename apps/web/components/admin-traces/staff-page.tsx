// The plain frame of the staff pages on traces and risk scores (/admin/traces, /admin/risk), and the
// one staff check they share: anyone who is not staff (or not logged in) gets the not-found page,
// so the pages do not reveal that they exist.
import 'server-only';
import type { ServiceContext } from '@nimbus/api';
import { DomainError } from '@nimbus/core';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import type { ReactNode } from 'react';
import { visitorContext } from '@/lib/data';

/** Runs a staff read; a visitor who is not staff gets the not-found page. */
export async function staffOnly<T>(read: (ctx: ServiceContext) => Promise<T>): Promise<T> {
  const ctx = await visitorContext();
  if (!ctx) notFound();
  try {
    return await read(ctx);
  } catch (error) {
    if (error instanceof DomainError && (error.code === 'forbidden' || error.code === 'not_found')) notFound();
    throw error;
  }
}

export function StaffPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main id="main" className="mx-auto w-full max-w-6xl px-6 py-8">
      <nav aria-label="Staff" className="mb-4 flex gap-4 text-sm text-gray-600">
        <Link href="/admin/traces" className="hover:underline">
          Traces
        </Link>
        <Link href="/admin/risk" className="hover:underline">
          Risk scores
        </Link>
      </nav>
      <h1 className="mb-6 text-2xl font-semibold">{title}</h1>
      {children}
    </main>
  );
}

export const formatDuration = (us: number) =>
  us >= 1_000_000 ? `${(us / 1_000_000).toFixed(2)} s` : us >= 1000 ? `${(us / 1000).toFixed(1)} ms` : `${us} µs`;

export const formatTime = (ms: number) => new Date(ms).toISOString().replace('T', ' ').slice(0, 19);
