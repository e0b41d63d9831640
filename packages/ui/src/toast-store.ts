// The toast state machine of spec 3, 4 and 9, free of React so it can be tested on its own.
// A toast is added hidden ('entering'), becomes 'visible' ~10 ms later, auto-hides after its
// timeout unless it has an action or `preserve`, spends 160 ms 'hiding', then is removed.
// Hovering the toast area pauses every countdown; leaving resumes it with the time that was left.
import { TOAST } from '@nimbus/core';
import { toastDefaultText, type ToastType } from '@nimbus/client';

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
  timeout?: number;
  preserve?: boolean;
  /** A second toast with the same key replaces the first instead of stacking. */
  key?: string;
  onRemove?: () => void;
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
  const autoHides = (t: Toast) => !t.action && !t.preserve;

  function startCountdown(id: string, ms: number) {
    if (paused) return void remaining.set(id, ms);
    deadlines.set(id, Date.now() + ms);
    schedule(id, ms, () => hide(id));
  }

  function show(input: ToastInput = {}): string {
    const type = input.type ?? 'success';
    const existing = input.key ? toasts.find((t) => t.key === input.key && t.phase !== 'hiding') : undefined;
    const id = existing?.id ?? `toast-${++counter}`;
    const toast: Toast = { ...input, id, type, text: input.text || toastDefaultText(type), phase: existing?.phase ?? 'entering' };
    toasts = existing ? toasts.map((t) => (t.id === id ? toast : t)) : [...toasts, toast];
    emit();
    const timeout = input.timeout ?? TOAST.autoHideMs;
    if (existing?.phase === 'visible') {
      if (autoHides(toast)) startCountdown(id, timeout);
      else clearTimeout(timers.get(id));
      return id;
    }
    schedule(id, TOAST.showDelayMs, () => {
      patch(id, 'visible');
      if (autoHides(toast)) startCountdown(id, timeout);
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
    /** Runs the toast's action (or cancel action) and dismisses it. */
    act(id: string, which: 'action' | 'cancel') {
      const toast = toasts.find((t) => t.id === id);
      (which === 'action' ? toast?.onAction : toast?.onCancelAction)?.();
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

/** Where the toast `depth` places behind the newest sits: 20 px up and 5% smaller per step (spec 9). */
export function stackTransform(depth: number): string {
  return `translateY(${-depth * TOAST.stackOffsetPx}px) scale(${1 - depth * TOAST.scaleStep})`;
}
