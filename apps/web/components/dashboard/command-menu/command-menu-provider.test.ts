import { describe, expect, it } from 'vitest';
import { isCommandMenuShortcut } from './command-menu-provider';

const key = (k: string, mods: Partial<Record<'metaKey' | 'ctrlKey' | 'altKey' | 'shiftKey', boolean>> = {}) => ({
  key: k,
  metaKey: false,
  ctrlKey: false,
  altKey: false,
  shiftKey: false,
  ...mods,
});

describe('command menu shortcut', () => {
  it('is Cmd+K or Ctrl+K, in either case, and nothing else', () => {
    expect(isCommandMenuShortcut(key('k', { metaKey: true }))).toBe(true);
    expect(isCommandMenuShortcut(key('K', { ctrlKey: true }))).toBe(true);
    expect(isCommandMenuShortcut(key('k'))).toBe(false);
    expect(isCommandMenuShortcut(key('k', { ctrlKey: true, shiftKey: true }))).toBe(false);
    expect(isCommandMenuShortcut(key('j', { ctrlKey: true }))).toBe(false);
  });
});
