'use client';
// The breadcrumb above a project's tabs: the team, then the project with a switcher that lists the
// team's other projects, so moving between projects takes one menu instead of a trip to the team.
import { cx, focusRing, Popover } from '@nimbus/ui';
import Link from 'next/link';
import { projectPath } from '../deployments/links';

const ITEM = cx('flex w-full items-center rounded-md px-3 py-2 text-left hover:bg-subtle', focusRing);

export function ProjectSwitcher({
  team,
  teamName,
  project,
  projects,
}: {
  team: string;
  teamName: string;
  project: string;
  /** Names of the team's projects, newest first. */
  projects: string[];
}) {
  return (
    <nav aria-label="Breadcrumb" className="mx-auto w-full max-w-6xl px-4 pt-3 sm:px-6">
      <ol className="flex min-w-0 items-center gap-1 text-sm">
        <li className="min-w-0">
          <Link
            href={`/${team}`}
            className={cx('block truncate rounded-md px-1 text-muted hover:text-foreground', focusRing)}
          >
            {teamName}
          </Link>
        </li>
        <li aria-hidden className="text-border">
          /
        </li>
        <li className="min-w-0">
          <Link
            href={projectPath(team, project)}
            className={cx('block truncate rounded-md px-1 font-medium hover:bg-subtle', focusRing)}
          >
            {project}
          </Link>
        </li>
        <li>
          <Popover
            label="Projects"
            trigger={(props) => (
              // Named by its action alone: a project's name can hold any word a page's own buttons use.
              <button
                type="button"
                {...props}
                aria-label="Switch project"
                className={cx(
                  'flex size-7 items-center justify-center rounded-md text-muted hover:bg-subtle',
                  focusRing,
                )}
              >
                <span aria-hidden>▾</span>
              </button>
            )}
          >
            {(close) => (
              <div className="flex max-h-80 flex-col overflow-y-auto">
                {projects.map((name) => (
                  <Link
                    key={name}
                    href={projectPath(team, name)}
                    aria-current={name === project ? 'page' : undefined}
                    className={cx(ITEM, name === project && 'font-medium')}
                    onClick={close}
                  >
                    <span className="truncate">{name}</span>
                    {name === project && (
                      <span aria-hidden className="ml-auto pl-2">
                        ✓
                      </span>
                    )}
                  </Link>
                ))}
                <Link href={`/${team}`} className={cx(ITEM, 'mt-1 border-t border-border text-muted')} onClick={close}>
                  All projects
                </Link>
              </div>
            )}
          </Popover>
        </li>
      </ol>
    </nav>
  );
}
