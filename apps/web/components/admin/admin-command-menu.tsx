'use client';
// The command menu on the staff console (/admin): the dashboard's own menu with its internal commands
// always on (only staff reach the console). Staff are not members of the teams they inspect, so the
// menu cannot find the page's team in the URL; a console page names it with <AdminCommandScope>, and
// "Open in Admin" then works on that team's project as it does on the project's dashboard page.
import type { TeamJson, UserJson } from '@nimbus/api';
import { Button } from '@nimbus/ui';
import { createContext, type ReactNode, use, useEffect, useState } from 'react';
import type { CommandScope } from '../dashboard/command-menu/command-menu';
import { CommandMenuProvider, useOpenCommandMenu } from '../dashboard/command-menu/command-menu-provider';

const ScopeContext = createContext<((scope: CommandScope | null) => void) | null>(null);

export function AdminCommandMenu({
  user,
  teams,
  children,
}: {
  user: UserJson;
  teams: TeamJson[];
  children: ReactNode;
}) {
  const [scope, setScope] = useState<CommandScope | null>(null);
  return (
    <ScopeContext value={setScope}>
      <CommandMenuProvider user={user} teams={teams} internal scope={scope ?? undefined}>
        {children}
      </CommandMenuProvider>
    </ScopeContext>
  );
}

/** Names the team (and project) of a console page for the command menu while the page is open. */
export function AdminCommandScope({ team, project }: CommandScope) {
  const setScope = use(ScopeContext);
  const { id, slug, name, personal } = team;
  useEffect(() => {
    setScope?.({ team: { id, slug, name, personal }, project });
    return () => setScope?.(null);
  }, [setScope, id, slug, name, personal, project]);
  return null;
}

export function AdminCommandButton() {
  const open = useOpenCommandMenu();
  return (
    <Button variant="secondary" size="small" onClick={open}>
      Commands <kbd className="ml-1 font-mono text-[11px] text-muted">Ctrl K</kbd>
    </Button>
  );
}
