// How accounts are named and ordered everywhere (docs/spec.md §1 and §3), so the scope switcher, emails and CLI agree.

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The one e-mail rule: the sign-up form checks it before submitting, the API again on every account. */
export function isValidEmail(email: string): boolean {
  return email.length <= 254 && EMAIL.test(email);
}

export const INVALID_EMAIL = 'Enter a valid e-mail address, like you@example.com.';

export type Account =
  | { kind: 'user'; name?: string | null; username: string }
  | { kind: 'team'; name?: string | null; slug: string };

export type SortableTeam = { id: string; name?: string | null; slug: string };

/** The user's name or username; the team's name or slug. Blank names count as missing. */
export function displayName(account: Account): string {
  const name = account.name?.trim();
  if (name) return name;
  return account.kind === 'user' ? account.username : account.slug;
}

// A fixed locale keeps server-rendered and hydrated lists in the same order.
const byName = new Intl.Collator('en', { sensitivity: 'accent' });

function sortKey(team: SortableTeam): string {
  return team.name?.trim() || team.slug;
}

/** Sorts by name (slug when unnamed), then slug, with the default team first; returns a new array. */
export function sortTeams<T extends SortableTeam>(teams: readonly T[], defaultTeamId?: string | null): T[] {
  return [...teams].sort((a, b) => {
    if (defaultTeamId) {
      if (a.id === defaultTeamId && b.id !== defaultTeamId) return -1;
      if (b.id === defaultTeamId && a.id !== defaultTeamId) return 1;
    }
    return byName.compare(sortKey(a), sortKey(b)) || (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0);
  });
}
