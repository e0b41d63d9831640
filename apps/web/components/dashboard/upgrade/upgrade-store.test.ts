import { describe, expect, it, vi } from 'vitest';
import { createUpgradeStore } from './upgrade-store';

describe('upgrade modal store', () => {
  it('does nothing while no modal is mounted (logged out)', () => {
    const store = createUpgradeStore();
    expect(store.open({ source: 'billing-settings' })).toBe(false);
    expect(store.getSnapshot()).toBeNull();
  });

  it('opens with an analytics scope, ignores a second open, and clears the scope on close', () => {
    let clock = 100;
    const store = createUpgradeStore(() => clock);
    store.attach();
    const listener = vi.fn();
    store.subscribe(listener);
    expect(store.open({ source: 'billing-settings', teamHint: 'acme' })).toBe(true);
    expect(store.getSnapshot()).toMatchObject({ source: 'billing-settings', teamHint: 'acme', openedAt: 100 });
    clock = 200;
    expect(store.open({ source: 'command-menu' })).toBe(false);
    expect(store.getSnapshot()).toMatchObject({ source: 'billing-settings', openedAt: 100 });
    store.close();
    expect(store.getSnapshot()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(2);
    expect(store.open({ source: 'command-menu' })).toBe(true);
    expect(store.getSnapshot()).toMatchObject({ source: 'command-menu', openedAt: 200 });
  });

  it('forgets an open scope when the last modal unmounts', () => {
    const store = createUpgradeStore();
    const detach = store.attach();
    store.open({ source: 'x' });
    detach();
    expect(store.getSnapshot()).toBeNull();
    expect(store.open({ source: 'x' })).toBe(false);
  });
});
