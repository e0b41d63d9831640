'use client';
import type { TeamJson, UserJson } from '@nimbus/api';
import { sortTeams } from '@nimbus/core';
import { Badge, cx, focusRing, Popover } from '@nimbus/ui';
// The scope switcher: the personal account and every team, sorted by name with the default first
// (docs/spec.md §3), the current scope marked:
// the team in the page's URL, else the scope cookie's. Choosing one sets the `scope` cookie and opens /{slug}.
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { Avatar } from './avatar';
import { useDefaultTeamModal } from './default-team-modal';
import { planLabel, scopeName } from './names';
import { setScopeCookie } from './scope-cookie';
import { useUrlTeam } from './url-scope';

type Props = {
  user: Pick<UserJson, 'name' | 'username' | 'defaultTeamId'>;
  teams: Pick<TeamJson, 'id' | 'slug' | 'name' | 'personal' | 'billing'>[];
  scopeCookie: string | null;
};

const item = cx(
  'flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-foreground hover:bg-subtle focus-visible:bg-subtle',
  focusRing,
);

export function ScopeSwitcher({ user, teams, scopeCookie }: Props) {
  const router = useRouter();
  const openDefaultTeam = useDefaultTeamModal();
  const sorted = sortTeams(teams, user.defaultTeamId);
  const current = useUrlTeam(teams) ?? teams.find((t) => t.slug === scopeCookie) ?? sorted[0];

  const choose = (slug: string, close: () => void) => {
    setScopeCookie(slug);
    close();
    router.push(`/${slug}`);
  };

  return (
    <Popover
      label="Switch scope"
      trigger={(props) => (
        <button
          type="button"
          {...props}
          className={cx(
            'flex h-8 min-w-0 max-w-64 items-center gap-2 rounded-md px-2 text-sm font-medium hover:bg-subtle',
            focusRing,
          )}
        >
          {current && <Avatar teamId={current.id} />}
          <span className="truncate">{current ? scopeName(current, user) : 'Choose a scope'}</span>
          {current && <Badge className="shrink-0">{planLabel(current.billing.plan)}</Badge>}
          <svg
            aria-hidden
            viewBox="0 0 16 16"
            className="size-3.5 shrink-0 text-muted"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.5"
          >
            <path d="M5 6l3-3 3 3M5 10l3 3 3-3" />
          </svg>
          <span className="sr-only">Switch scope</span>
        </button>
      )}
    >
      {(close) => (
        <div className="flex w-72 flex-col">
          <p className="px-2 pt-1.5 pb-1 text-xs font-medium text-muted">Personal account and teams</p>
          <ul>
            {sorted.map((team) => (
              <li key={team.id}>
                <button
                  type="button"
                  aria-current={team.id === current?.id ? 'true' : undefined}
                  className={item}
                  onClick={() => choose(team.slug, close)}
                >
                  <Avatar teamId={team.id} />
                  <span className="min-w-0 flex-1 truncate">{scopeName(team, user)}</span>
                  {team.personal && <span className="text-xs text-muted">Personal</span>}
                  {team.id === user.defaultTeamId && <Badge tone="blue">Default</Badge>}
                  <svg
                    aria-hidden
                    viewBox="0 0 16 16"
                    className={cx('size-4', team.id === current?.id ? 'text-foreground' : 'invisible')}
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="1.75"
                  >
                    <path d="M3.5 8.5l3 3 6-7" />
                  </svg>
                </button>
              </li>
            ))}
          </ul>
          <hr className="my-1 border-border" />
          <Link href="/new/team" className={item} onClick={close}>
            <span
              aria-hidden
              className="grid size-5 place-items-center rounded-full border border-dashed border-muted text-xs"
            >
              +
            </span>
            Create team
          </Link>
          <button type="button" className={item} onClick={() => (close(), openDefaultTeam())}>
            Set default team…
          </button>
        </div>
      )}
    </Popover>
  );
}
