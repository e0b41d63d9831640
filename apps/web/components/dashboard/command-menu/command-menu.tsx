'use client';
import type { TeamJson, UserJson } from '@nimbus/api';
import { DEPLOY_FREEZE_COOKIE } from '@nimbus/core';
import { cx } from '@nimbus/ui';
// The command menu dialog: an ARIA combobox (the search field) driving a listbox of grouped
// options. Typing filters, the arrow keys move the active option (focus stays in the field, the
// option is named by aria-activedescendant), Enter runs it, Escape closes. Mounted only while open,
// so every opening starts empty; focus goes back to where it was.
import { usePathname } from 'next/navigation';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import useSWR from 'swr';
import type { ScopeTeam } from '../names';
import { useUrlTeam } from '../url-scope';
import { buildCommands, type Command, filterCommands, groupCommands, moveActive } from './commands';
import { useRunCommand } from './use-run-command';

/** The team and project a page is about when the URL does not say (the staff console's pages). */
export type CommandScope = { team: ScopeTeam; project: string | null };

export type CommandMenuProps = {
  onClose: () => void;
  user: Pick<UserJson, 'name' | 'username'>;
  teams: TeamJson[];
  internal: boolean;
  scope?: CommandScope;
};

export function CommandMenu({ onClose, user, teams, internal, scope }: CommandMenuProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const second = usePathname().split('/')[2];
  const urlTeam = useUrlTeam(teams);
  const team = scope?.team ?? urlTeam;
  const project = scope ? scope.project : urlTeam && second && second !== '~' ? second : null;
  const { data } = useSWR<{ projects: { name: string }[] }>(
    urlTeam && !scope ? `/v10/projects?teamId=${urlTeam.id}&limit=100` : null,
  );
  const [deployFreeze] = useState(() => document.cookie.split('; ').includes(`${DEPLOY_FREEZE_COOKIE}=1`));
  const run = useRunCommand({ team, project });

  const commands = useMemo(
    () =>
      filterCommands(
        buildCommands({ user, teams, team, project, projects: data?.projects ?? [], internal, deployFreeze }),
        query,
      ),
    [user, teams, team, project, data, internal, deployFreeze, query],
  );
  const current = Math.min(active, commands.length - 1);
  const optionId = (index: number) => `${id}-option-${index}`;

  useEffect(() => {
    const dialog = ref.current!;
    const opener = document.activeElement;
    if (typeof dialog.showModal === 'function') dialog.showModal();
    return () => {
      if (opener instanceof HTMLElement) opener.focus();
    };
  }, []);
  useEffect(() => {
    document.getElementById(optionId(current))?.scrollIntoView({ block: 'nearest' });
  });

  const choose = (command: Command | undefined) => {
    if (!command) return;
    onClose();
    run(command);
  };
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setActive(moveActive(current, commands.length, event.key));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(commands[current]);
    }
  };

  let index = -1;
  return (
    <dialog
      ref={ref}
      aria-label="Command menu"
      onCancel={(event) => (event.preventDefault(), onClose())}
      onClick={(event) => event.target === event.currentTarget && onClose()}
      className="mx-auto mt-[12vh] w-[min(640px,calc(100vw-32px))] max-w-none overflow-hidden rounded-xl border border-border bg-background p-0 text-foreground shadow-2xl backdrop:bg-black/40"
    >
      <div className="flex items-center gap-2 border-b border-border px-4">
        <svg
          aria-hidden
          viewBox="0 0 16 16"
          className="size-4 shrink-0 text-muted"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
        >
          <circle cx="7" cy="7" r="4.5" />
          <path d="M10.5 10.5L14 14" />
        </svg>
        <input
          role="combobox"
          aria-label="Search commands"
          aria-expanded={commands.length > 0}
          aria-controls={commands.length ? `${id}-listbox` : undefined}
          aria-activedescendant={commands.length ? optionId(current) : undefined}
          aria-autocomplete="list"
          autoComplete="off"
          spellCheck={false}
          placeholder="Search teams, projects, settings and actions…"
          value={query}
          onChange={(e) => (setQuery(e.target.value), setActive(0))}
          onKeyDown={onKeyDown}
          className="h-12 min-w-0 flex-1 bg-transparent text-sm outline-none placeholder:text-muted"
        />
        <kbd className="rounded border border-border px-1.5 py-0.5 font-mono text-[11px] text-muted">Esc</kbd>
      </div>
      {commands.length ? (
        <div
          role="listbox"
          id={`${id}-listbox`}
          aria-label="Commands"
          className="max-h-[min(420px,60vh)] overflow-y-auto p-2"
        >
          {groupCommands(commands).map(({ group, commands: items }) => (
            <div key={group} role="group" aria-labelledby={`${id}-${group}`}>
              <div id={`${id}-${group}`} className="px-2 pt-2 pb-1 text-xs font-medium text-muted">
                {group}
              </div>
              {items.map((command) => {
                const i = ++index;
                return (
                  <div
                    key={command.id}
                    id={optionId(i)}
                    role="option"
                    aria-selected={i === current}
                    onMouseMove={() => i !== current && setActive(i)}
                    onClick={() => choose(command)}
                    className={cx(
                      'flex cursor-pointer items-center justify-between gap-3 rounded-md px-2 py-2 text-sm',
                      i === current ? 'bg-subtle text-foreground' : 'text-muted',
                    )}
                  >
                    <span className="truncate">{command.label}</span>
                    {command.href && (
                      <span className="shrink-0 truncate font-mono text-xs text-muted">{command.href}</span>
                    )}
                  </div>
                );
              })}
            </div>
          ))}
        </div>
      ) : (
        <p role="status" className="px-4 py-8 text-center text-sm text-muted">
          No results for “{query}”
        </p>
      )}
      <div className="flex gap-4 border-t border-border bg-subtle px-4 py-2 text-xs text-muted" aria-hidden>
        <span>↑↓ to move</span>
        <span>↵ to open</span>
        <span>Esc to close</span>
      </div>
    </dialog>
  );
}
