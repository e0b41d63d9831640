// Where a fresh session goes: back to `next` when it is a valid internal target, else the user's
// default team. A full navigation, so the #hash of `next` survives and every layout sees the new
// session cookies.
import type { TeamJson, UserJson } from '@nimbus/api';
import { api } from '../api';
import { safeNext } from './next-param';

export async function continueAfterLogin(
  next: string | null,
  user: Pick<UserJson, 'defaultTeamId' | 'username'>,
): Promise<void> {
  let target = safeNext(next);
  if (!target) {
    const { teams } = await api()<{ teams: TeamJson[] }>('/v2/teams');
    const home = teams.find((t) => t.id === user.defaultTeamId) ?? teams.find((t) => t.personal);
    target = `/${home?.slug ?? user.username}`;
  }
  window.location.assign(target);
}
