// The dashboard's top bar: logo, scope switcher, then search, docs and the user menu (search and docs
// move into a menu on narrow screens). Section layouts put their own
// tabs below it with <SubNav>, so new sections (projects, deployments) never touch this file.
import type { TeamJson, UserJson } from '@nimbus/api';
import { HomeLogo } from '@/components/shell/logo';
import { ChangelogLink } from './changelog-link';
import { CommandMenuButton } from './command-menu/command-menu-button';
import { MobileMenu } from './mobile-menu';
import { ScopeSwitcher } from './scope-switcher';
import { UserMenu } from './user-menu';

type Props = { user: UserJson; teams: TeamJson[]; scopeCookie: string | null };

export function DashboardHeader({ user, teams, scopeCookie }: Props) {
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/90 backdrop-blur">
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-2 px-4 sm:px-6">
        <HomeLogo compact />
        <span aria-hidden className="px-1 text-xl font-light text-border">
          /
        </span>
        <ScopeSwitcher user={user} teams={teams} scopeCookie={scopeCookie} />
        <div className="ml-auto flex shrink-0 items-center gap-3">
          <CommandMenuButton />
          <a href="/docs" className="hidden text-sm text-muted hover:text-foreground md:inline">
            Docs
          </a>
          <ChangelogLink />
          <MobileMenu />
          <UserMenu user={user} />
        </div>
      </div>
    </header>
  );
}
