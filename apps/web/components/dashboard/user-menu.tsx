'use client';
import type { UserJson } from '@nimbus/api';
import { displayName } from '@nimbus/core';
import { cx, focusRing, Popover, useToast } from '@nimbus/ui';
// The user menu: who is logged in, account settings, the theme choice and logging out.
import Link from 'next/link';
import { useState } from 'react';
import { ThemeSwitcher } from '@/components/shell/theme-switcher';
import { api, errorMessage } from './api';
import { Avatar } from './avatar';

const item = cx(
  'flex w-full items-center rounded-md px-2 py-1.5 text-left text-foreground hover:bg-subtle focus-visible:bg-subtle',
  focusRing,
);

export function UserMenu({ user }: { user: Pick<UserJson, 'id' | 'name' | 'username' | 'email'> }) {
  const toast = useToast();
  const [leaving, setLeaving] = useState(false);
  const name = displayName({ kind: 'user', name: user.name, username: user.username });

  async function logOut() {
    setLeaving(true);
    try {
      await api()('/auth/logout', { method: 'POST' });
      window.location.assign('/login');
    } catch (error) {
      setLeaving(false);
      toast.error(errorMessage(error));
    }
  }

  return (
    <Popover
      label="User menu"
      align="end"
      trigger={(props) => (
        <button type="button" {...props} className={cx('rounded-full', focusRing)}>
          <Avatar userId={user.id} size={28} />
          <span className="sr-only">Open user menu for {name}</span>
        </button>
      )}
    >
      {(close) => (
        <div className="flex w-64 flex-col">
          <div className="px-2 py-1.5">
            <p className="truncate font-medium text-foreground">{name}</p>
            <p className="truncate text-xs text-muted">{user.email}</p>
          </div>
          <hr className="my-1 border-border" />
          <Link href="/account" className={item} onClick={close}>
            Account settings
          </Link>
          <div className="flex items-center justify-between gap-2 px-2 py-1.5">
            <span className="text-muted">Theme</span>
            <ThemeSwitcher />
          </div>
          <hr className="my-1 border-border" />
          <button type="button" className={item} onClick={logOut} disabled={leaving}>
            {leaving ? 'Logging out…' : 'Log out'}
          </button>
        </div>
      )}
    </Popover>
  );
}
