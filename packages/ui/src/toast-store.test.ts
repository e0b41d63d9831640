// @vitest-environment jsdom

import { TOAST } from '@nimbus/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createToastStore, stackTransform } from './toast-store';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const phases = (store: ReturnType<typeof createToastStore>) => store.getSnapshot().map((t) => t.phase);

describe('toast store', () => {
  it('shows a toast about 10 ms after it is added, hides it after 3500 ms and removes it 160 ms later', () => {
    const store = createToastStore();
    const onRemove = vi.fn();
    store.show({ text: 'Saved', type: 'success', onRemove });
    expect(phases(store)).toEqual(['entering']);
    vi.advanceTimersByTime(TOAST.showDelayMs);
    expect(phases(store)).toEqual(['visible']);
    vi.advanceTimersByTime(TOAST.autoHideMs - 1);
    expect(phases(store)).toEqual(['visible']);
    vi.advanceTimersByTime(1);
    expect(phases(store)).toEqual(['hiding']);
    vi.advanceTimersByTime(TOAST.hideMs - 1);
    expect(store.getSnapshot()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot()).toHaveLength(0);
    expect(onRemove).toHaveBeenCalledOnce();
  });

  it('falls back to the default text of each type', () => {
    const store = createToastStore();
    store.show({ type: 'error' });
    store.show({ type: 'success' });
    store.show({ type: 'warning' });
    expect(store.getSnapshot().map((t) => t.text)).toEqual(['An error occurred.', 'Success!', 'Warning!']);
  });

  it('keeps toasts with an action or preserve until they are dismissed', () => {
    const store = createToastStore();
    const onAction = vi.fn();
    const withAction = store.show({ text: 'Deleted', action: 'Undo', onAction });
    store.show({ text: 'Read me', preserve: true });
    vi.advanceTimersByTime(60_000);
    expect(phases(store)).toEqual(['visible', 'visible']);
    store.act(withAction, 'action');
    expect(onAction).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(TOAST.hideMs);
    expect(store.getSnapshot().map((t) => t.text)).toEqual(['Read me']);
  });

  it('pauses every countdown while hovered and resumes with the time that was left', () => {
    const store = createToastStore();
    store.show({ text: 'One' });
    vi.advanceTimersByTime(TOAST.showDelayMs + 3000);
    store.pause();
    vi.advanceTimersByTime(10_000);
    expect(phases(store)).toEqual(['visible']);
    store.resume();
    vi.advanceTimersByTime(499);
    expect(phases(store)).toEqual(['visible']);
    vi.advanceTimersByTime(1);
    expect(phases(store)).toEqual(['hiding']);
  });

  it('starts the countdown of a toast added during a pause only after the pause ends', () => {
    const store = createToastStore();
    store.pause();
    store.show({ text: 'Later' });
    vi.advanceTimersByTime(TOAST.autoHideMs * 2);
    expect(phases(store)).toEqual(['visible']);
    store.resume();
    vi.advanceTimersByTime(TOAST.autoHideMs);
    expect(phases(store)).toEqual(['hiding']);
  });

  it('replaces a toast with the same key instead of stacking, and restarts its countdown', () => {
    const store = createToastStore();
    store.show({ text: 'Saving 1', key: 'save' });
    vi.advanceTimersByTime(TOAST.showDelayMs + 3000);
    store.show({ text: 'Saving 2', key: 'save' });
    expect(store.getSnapshot().map((t) => t.text)).toEqual(['Saving 2']);
    vi.advanceTimersByTime(3000);
    expect(phases(store)).toEqual(['visible']);
    vi.advanceTimersByTime(500);
    expect(phases(store)).toEqual(['hiding']);
  });

  it('notifies subscribers with a new snapshot on every change', () => {
    const store = createToastStore();
    const seen: number[] = [];
    const unsubscribe = store.subscribe(() => seen.push(store.getSnapshot().length));
    const id = store.show({ text: 'x', timeout: 100 });
    const first = store.getSnapshot();
    vi.advanceTimersByTime(TOAST.showDelayMs);
    expect(store.getSnapshot()).not.toBe(first);
    store.hide(id);
    vi.advanceTimersByTime(TOAST.hideMs);
    unsubscribe();
    expect(seen).toEqual([1, 1, 1, 0]);
  });

  it('stacks 20 px up and 5% smaller per step', () => {
    expect(stackTransform(0)).toBe('translateY(0px) scale(1)');
    expect(stackTransform(2)).toBe('translateY(-40px) scale(0.9)');
  });

  it('keeps a toast with an undo until it is used, and runs onUndoAction', () => {
    const store = createToastStore();
    const onUndoAction = vi.fn();
    const id = store.show({ text: 'Project deleted', onUndoAction });
    vi.advanceTimersByTime(60_000);
    expect(phases(store)).toEqual(['visible']);
    store.act(id, 'undo');
    expect(onUndoAction).toHaveBeenCalledOnce();
    expect(phases(store)).toEqual(['hiding']);
  });

  it('runs the cancel action and dismisses the toast', () => {
    const store = createToastStore();
    const onCancelAction = vi.fn();
    const onAction = vi.fn();
    const id = store.show({ text: 'Leave?', action: 'Leave', onAction, cancelAction: 'Stay', onCancelAction });
    store.act(id, 'cancel');
    expect(onCancelAction).toHaveBeenCalledOnce();
    expect(onAction).not.toHaveBeenCalled();
    expect(phases(store)).toEqual(['hiding']);
  });

  it('hides a shouldHide toast 300 ms after it shows, even with an action', () => {
    const store = createToastStore();
    store.show({ text: 'Saved', action: 'View', shouldHide: true });
    vi.advanceTimersByTime(TOAST.showDelayMs + TOAST.shouldHideMs - 1);
    expect(phases(store)).toEqual(['visible']);
    vi.advanceTimersByTime(1);
    expect(phases(store)).toEqual(['hiding']);
  });

  it('hides a visible toast 300 ms after its key brings shouldHide', () => {
    const store = createToastStore();
    store.show({ text: 'Saving…', key: 'save', preserve: true });
    vi.advanceTimersByTime(10_000);
    store.show({ text: 'Saved', key: 'save', shouldHide: true });
    vi.advanceTimersByTime(TOAST.shouldHideMs);
    expect(store.getSnapshot().map((t) => [t.text, t.phase])).toEqual([['Saved', 'hiding']]);
  });

  it('uses a custom timeout instead of 3500 ms', () => {
    const store = createToastStore();
    store.show({ text: 'Quick', timeout: 1000 });
    vi.advanceTimersByTime(TOAST.showDelayMs + 1000);
    expect(phases(store)).toEqual(['hiding']);
  });
});
