// @vitest-environment jsdom
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isPresent, type PresenceEvent, type PresenceState, presenceTransition, usePresence } from './presence';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const run = (events: PresenceEvent[], from: PresenceState = 'unmounted') => events.reduce(presenceTransition, from);

describe('presence machine', () => {
  it('goes mounted → unmountSuspended → unmounted with an exit animation', () => {
    expect(run(['mount'])).toBe('mounted');
    expect(run(['mount', 'animationOut'])).toBe('unmountSuspended');
    expect(run(['mount', 'animationOut', 'animationEnd'])).toBe('unmounted');
    expect(isPresent('unmountSuspended')).toBe(true);
    expect(isPresent('unmounted')).toBe(false);
  });

  it('unmounts at once without an animation and comes back when shown during the exit', () => {
    expect(run(['mount', 'unmount'])).toBe('unmounted');
    expect(run(['mount', 'animationOut', 'mount'])).toBe('mounted');
  });

  it('ignores events that do not apply', () => {
    expect(run(['animationEnd'])).toBe('unmounted');
    expect(run(['unmount'])).toBe('unmounted');
    expect(run(['mount', 'animationEnd'])).toBe('mounted');
    expect(run(['mount', 'animationOut', 'animationOut'])).toBe('unmountSuspended');
  });
});

describe('usePresence', () => {
  let root: Root;
  let seen: PresenceState[];
  function Probe({ present, exitMs }: { present: boolean; exitMs: number }) {
    seen.push(usePresence(present, exitMs));
    return null;
  }
  const render = (present: boolean, exitMs = 100) => act(() => root.render(createElement(Probe, { present, exitMs })));

  beforeEach(() => {
    vi.useFakeTimers();
    seen = [];
    root = createRoot(document.createElement('div'));
  });
  afterEach(() => {
    act(() => root.unmount());
    vi.useRealTimers();
  });

  it('stays present for the exit time after `present` turns false', () => {
    render(true);
    render(false);
    expect(seen.at(-1)).toBe('unmountSuspended');
    act(() => void vi.advanceTimersByTime(99));
    expect(seen.at(-1)).toBe('unmountSuspended');
    act(() => void vi.advanceTimersByTime(1));
    expect(seen.at(-1)).toBe('unmounted');
  });

  it('unmounts at once when there is no exit animation', () => {
    render(true, 0);
    render(false, 0);
    expect(seen.at(-1)).toBe('unmounted');
  });
});
