'use client';
// Opens the command menu with Cmd+K (Ctrl+K elsewhere) from anywhere in the dashboard, or from the
// header's search button; the same keys close it again.
import { createContext, type ReactNode, use, useEffect, useState } from 'react';
import { CommandMenu, type CommandMenuProps } from './command-menu';

const OpenContext = createContext<(() => void) | null>(null);

export function useOpenCommandMenu(): () => void {
  const open = use(OpenContext);
  if (!open) throw new Error('useOpenCommandMenu() needs <DashboardModals> (the dashboard layout).');
  return open;
}

export function isCommandMenuShortcut(
  event: Pick<KeyboardEvent, 'key' | 'metaKey' | 'ctrlKey' | 'altKey' | 'shiftKey'>,
): boolean {
  return (event.metaKey || event.ctrlKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k';
}

export function CommandMenuProvider({
  children,
  ...menu
}: Omit<CommandMenuProps, 'onClose'> & { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isCommandMenuShortcut(event)) return;
      event.preventDefault();
      setOpen((o) => !o);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
  return (
    <OpenContext value={() => setOpen(true)}>
      {children}
      {open && <CommandMenu {...menu} onClose={() => setOpen(false)} />}
    </OpenContext>
  );
}
