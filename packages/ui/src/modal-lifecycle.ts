// The modal lifecycle of docs/spec.md §4: a dialog becomes active, is mounted (in the DOM but not yet shown,
// so the enter transition has a start state), is rendered (visible), and after closing stays
// mounted for the exit delay (350 ms, docs/spec.md §9) so it can animate out before it unmounts.
// Pure, so the machine is tested without React; `useModalLifecycle` in modal.tsx drives it.
export type ModalPhase = 'closed' | 'mounted' | 'rendered' | 'closing';
export type ModalEvent = 'open' | 'painted' | 'close' | 'exited';

/** Pure transition table; events that do not apply to the current phase leave it unchanged. */
export function modalTransition(phase: ModalPhase, event: ModalEvent): ModalPhase {
  switch (event) {
    case 'open':
      if (phase === 'closed') return 'mounted';
      // Reopened while animating out: it is still in the DOM, so show it again at once.
      return phase === 'closing' ? 'rendered' : phase;
    case 'painted':
      return phase === 'mounted' ? 'rendered' : phase;
    case 'close':
      return phase === 'mounted' || phase === 'rendered' ? 'closing' : phase;
    case 'exited':
      return phase === 'closing' ? 'closed' : phase;
  }
}

export const isMounted = (phase: ModalPhase) => phase !== 'closed';
export const isRendered = (phase: ModalPhase) => phase === 'rendered';
