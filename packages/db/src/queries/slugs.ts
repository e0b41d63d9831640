// Names that must stay unique across users and teams together: a username and a team slug share
// the URL space of the dashboard (`/<slug>`), so a new one is checked against both.
import { isReservedSlug, slugify } from '@nimbus/core';
import { eq } from 'drizzle-orm';
import type { Db } from '../client';
import { DomainError } from '../errors';
import { randomString } from '../ids';
import { teams, users } from '../schema';

/** A slug free among both usernames and team slugs, so an old personal URL (`/<username>`) never names a team. */
export async function freeSlug(db: Db, base: string, max = 40): Promise<string> {
  let stem = slugify(base).slice(0, max) || 'user';
  if (isReservedSlug(stem)) stem = `${stem}-team`;
  for (let attempt = 0; attempt < 20; attempt++) {
    const candidate = attempt === 0 ? stem : `${stem}-${randomString(4, 'abcdefghijklmnopqrstuvwxyz0123456789')}`;
    const [team] = await db.select({ id: teams.id }).from(teams).where(eq(teams.slug, candidate));
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.username, candidate));
    if (!team && !user) return candidate;
  }
  throw new DomainError('conflict', 'Could not find a free name; try again.');
}
