// Presence (docs/spec.md §4): whether an element that animates out is still in the DOM. It is 'mounted'
// while shown; asked to leave with an exit animation it is 'unmountSuspended' (still rendered,
// animating) until the animation ends; then 'unmounted'. Showing it again during the exit
// animation brings it straight back. Pure transitions plus a timer-driven hook.
import { useEffect, useReducer } from 'react';

export type PresenceState = 'mounted' | 'unmountSuspended' | 'unmounted';
export type PresenceEvent = 'mount' | 'unmount' | 'animationOut' | 'animationEnd';

const TRANSITIONS: Record<PresenceState, Partial<Record<PresenceEvent, PresenceState>>> = {
  mounted: { unmount: 'unmounted', animationOut: 'unmountSuspended' },
  unmountSuspended: { mount: 'mounted', animationEnd: 'unmounted' },
  unmounted: { mount: 'mounted' },
};

/** Events that do not apply to the current state leave it unchanged. */
export function presenceTransition(state: PresenceState, event: PresenceEvent): PresenceState {
  return TRANSITIONS[state][event] ?? state;
}

/** Whether the element is in the DOM (shown or animating out). */
export const isPresent = (state: PresenceState) => state !== 'unmounted';

/**
 * Follows `present`: leaving takes `exitMs` (the exit animation) before the element unmounts, or
 * happens at once when there is no animation.
 */
export function usePresence(present: boolean, exitMs: number): PresenceState {
  const [state, dispatch] = useReducer(presenceTransition, present ? 'mounted' : 'unmounted');

  useEffect(() => {
    if (present) return dispatch('mount');
    dispatch(exitMs > 0 ? 'animationOut' : 'unmount');
  }, [present, exitMs]);

  useEffect(() => {
    if (state !== 'unmountSuspended') return;
    const timer = setTimeout(() => dispatch('animationEnd'), exitMs);
    return () => clearTimeout(timer);
  }, [state, exitMs]);

  return state;
}
