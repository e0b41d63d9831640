// The toast state machine of docs/spec.md §3, §4 and §9, free of React so it can be tested on its own.
// A toast is added hidden ('entering'), becomes 'visible' ~10 ms later, auto-hides after its
// timeout unless it has an action (or undo) or `preserve`, spends 160 ms 'hiding', then is removed.
// `shouldHide` hides it 300 ms after it shows, action or not (a "Saving…" toast replaced by its
// key with "Saved"). Hovering the toast area pauses every countdown; leaving resumes it.

import { type ToastType, toastDefaultText } from '@nimbus/client';
import { TOAST } from '@nimbus/core';
import type { ReactNode } from 'react';

export type { ToastType };
export type ToastPhase = 'entering' | 'visible' | 'hiding';

export interface ToastInput {
  text?: string;
  type?: ToastType;
  /** Label of the action button; a toast with an action stays until it is used or dismissed. */
  action?: string;
  actionHref?: string;
  onAction?: () => void;
  cancelAction?: string;
  onCancelAction?: () => void;
  /** Shows an "Undo" button; like an action, it keeps the toast until used or dismissed. */
  onUndoAction?: () => void;
  timeout?: number;
  preserve?: boolean;
  /** Hide 300 ms after showing, whatever else the toast has. */
  shouldHide?: boolean;
  /** A second toast with the same key replaces the first instead of stacking. */
  key?: string;
  onRemove?: () => void;
  /** An icon or picture in place of the type's dot. */
  visual?: ReactNode;
  /** Content reaches the toast's edges (no padding), e.g. for an image. */
  fullBleed?: boolean;
  /** No dismiss (×) button; the toast leaves by its timeout or its actions. */
  hideX?: boolean;
  /** Spans the width of the viewport instead of the 360 px column. */
  fullWidth?: boolean;
  /** Moves focus to the toast's first button when it shows, for toasts that ask for a decision. */
  autoFocus?: boolean;
}

export interface Toast extends ToastInput {
  id: string;
  text: string;
  type: ToastType;
  phase: ToastPhase;
}

type Timer = ReturnType<typeof setTimeout>;

export function createToastStore() {
  let toasts: readonly Toast[] = [];
  let paused = false;
  let counter = 0;
  const listeners = new Set<() => void>();
  const timers = new Map<string, Timer>();
  // Auto-hide bookkeeping: when the countdown ends, or how much was left when it was paused.
  const deadlines = new Map<string, number>();
  const remaining = new Map<string, number>();

  const emit = () => listeners.forEach((listener) => listener());
  const patch = (id: string, phase: ToastPhase) => {
    toasts = toasts.map((t) => (t.id === id ? { ...t, phase } : t));
    emit();
  };
  const schedule = (id: string, ms: number, run: () => void) => {
    clearTimeout(timers.get(id));
    timers.set(id, setTimeout(run, ms));
  };
  /** How long the toast stays once visible, or null when it waits for the user. */
  const countdownOf = (t: Toast): number | null => {
    if (t.shouldHide) return TOAST.shouldHideMs;
    return t.action || t.onUndoAction || t.preserve ? null : (t.timeout ?? TOAST.autoHideMs);
  };

  function startCountdown(id: string, ms: number) {
    if (paused) return void remaining.set(id, ms);
    deadlines.set(id, Date.now() + ms);
    schedule(id, ms, () => hide(id));
  }

  function show(input: ToastInput = {}): string {
    const type = input.type ?? 'success';
    const existing = input.key ? toasts.find((t) => t.key === input.key && t.phase !== 'hiding') : undefined;
    const id = existing?.id ?? `toast-${++counter}`;
    const toast: Toast = {
      ...input,
      id,
      type,
      text: input.text || toastDefaultText(type),
      phase: existing?.phase ?? 'entering',
    };
    toasts = existing ? toasts.map((t) => (t.id === id ? toast : t)) : [...toasts, toast];
    emit();
    const countdown = countdownOf(toast);
    if (existing?.phase === 'visible') {
      deadlines.delete(id);
      remaining.delete(id);
      if (countdown === null) clearTimeout(timers.get(id));
      else startCountdown(id, countdown);
      return id;
    }
    schedule(id, TOAST.showDelayMs, () => {
      patch(id, 'visible');
      if (countdown !== null) startCountdown(id, countdown);
    });
    return id;
  }

  function hide(id: string) {
    const toast = toasts.find((t) => t.id === id);
    if (!toast || toast.phase === 'hiding') return;
    deadlines.delete(id);
    remaining.delete(id);
    patch(id, 'hiding');
    schedule(id, TOAST.hideMs, () => {
      timers.delete(id);
      toasts = toasts.filter((t) => t.id !== id);
      emit();
      toast.onRemove?.();
    });
  }

  function pause() {
    if (paused) return;
    paused = true;
    for (const [id, deadline] of deadlines) {
      clearTimeout(timers.get(id));
      remaining.set(id, Math.max(0, deadline - Date.now()));
    }
    deadlines.clear();
  }

  function resume() {
    if (!paused) return;
    paused = false;
    const left = [...remaining];
    remaining.clear();
    for (const [id, ms] of left) startCountdown(id, ms);
  }

  return {
    show,
    hide,
    pause,
    resume,
    /** Runs the toast's action, cancel action or undo, and dismisses it. */
    act(id: string, which: 'action' | 'cancel' | 'undo') {
      const toast = toasts.find((t) => t.id === id);
      ({ action: toast?.onAction, cancel: toast?.onCancelAction, undo: toast?.onUndoAction })[which]?.();
      hide(id);
    },
    getSnapshot: () => toasts,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

export type ToastStore = ReturnType<typeof createToastStore>;

/** Where the toast `depth` places behind the newest sits: 20 px up and 5% smaller per step (docs/spec.md §9). */
export function stackTransform(depth: number): string {
  return `translateY(${-depth * TOAST.stackOffsetPx}px) scale(${1 - depth * TOAST.scaleStep})`;
}
