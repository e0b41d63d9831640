'use client';
import { cx, focusRing, Popover } from '@nimbus/ui';
// The header's menu on narrow screens, where the search field and the Docs link do not fit: it opens
// the command menu (Search) and the docs.
import { useOpenCommandMenu } from './command-menu/command-menu-provider';

const item = cx(
  'flex w-full items-center rounded-md px-2 py-1.5 text-left text-foreground hover:bg-subtle focus-visible:bg-subtle',
  focusRing,
);

export function MobileMenu() {
  const openSearch = useOpenCommandMenu();
  return (
    <div className="md:hidden">
      <Popover
        label="Menu"
        align="end"
        trigger={(props) => (
          <button
            type="button"
            {...props}
            className={cx('grid size-8 place-items-center rounded-md hover:bg-subtle', focusRing)}
          >
            <svg aria-hidden viewBox="0 0 16 16" className="size-4" fill="none" stroke="currentColor" strokeWidth="1.5">
              <path d="M2.5 4.5h11M2.5 8h11M2.5 11.5h11" strokeLinecap="round" />
            </svg>
            <span className="sr-only">Menu</span>
          </button>
        )}
      >
        {(close) => (
          <div className="flex w-48 flex-col">
            <button type="button" className={item} onClick={() => (close(), openSearch())}>
              Search
            </button>
            <a href="/docs" className={item}>
              Docs
            </a>
          </div>
        )}
      </Popover>
    </div>
  );
}
