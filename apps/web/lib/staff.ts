// The staff console's pages ask here for the visitor's service context: null when logged out (the
// console's layout then sends them to log in), the not-found page for anyone outside the staff team.
// Pages render alongside their layout, so each checks for itself; the services check once more.
import 'server-only';
import type { ServiceContext } from '@nimbus/api';
import { notFound } from 'next/navigation';
import { visitorContext } from './data';
import { getSession } from './session';

export async function staffContext(): Promise<ServiceContext | null> {
  const [ctx, session] = await Promise.all([visitorContext(), getSession()]);
  if (!ctx || !session) return null;
  if (session.flags.staff !== true) notFound();
  return ctx;
}

export type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** A path segment that names a row: longer than any id, slug or name the API takes finds nothing. */
export function rowKey(segment: string): string {
  if (segment.length > 320) notFound();
  return segment;
}
