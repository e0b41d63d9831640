// The upgrade modal's open state, reachable from anywhere through one call (docs/spec.md §4):
// `openUpgradeModal({source, trialBehavior, mode, teamHint})`. Only a mounted <UpgradeModal> (the
// dashboard layout, logged-in users only) makes the call do anything; a call while the modal is
// open is ignored; closing clears the analytics scope. No React here, so it is tested alone.
import { openScope, type UpgradeOpenInput, type UpgradeScope } from './upgrade-event';

export function createUpgradeStore(now: () => number = Date.now) {
  let scope: UpgradeScope | null = null;
  let hosts = 0;
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((listener) => listener());

  return {
    /** Opens the modal; false when it is already open or no modal is mounted. */
    open(input: UpgradeOpenInput): boolean {
      if (scope || hosts === 0) return false;
      scope = openScope(input, now());
      emit();
      return true;
    },
    close(): void {
      if (!scope) return;
      scope = null;
      emit();
    },
    getSnapshot: (): UpgradeScope | null => scope,
    /** Called by the mounted modal; returns its unmount. */
    attach(): () => void {
      hosts += 1;
      return () => {
        hosts -= 1;
        if (hosts === 0) scope = null;
      };
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

export type UpgradeStore = ReturnType<typeof createUpgradeStore>;

export const upgradeStore = createUpgradeStore();

/** Opens the upgrade modal from anywhere in the dashboard. */
export const openUpgradeModal = (input: UpgradeOpenInput): boolean => upgradeStore.open(input);
