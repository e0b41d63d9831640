// @vitest-environment jsdom
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST } from '@nimbus/core';
import { ToastProvider, useToast } from './toast';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let host: HTMLElement;
let toast: ReturnType<typeof useToast>;

function Probe() {
  toast = useToast();
  return null;
}

const items = () => [...document.querySelectorAll<HTMLLIElement>('section[aria-label="Notifications"] li')];
const advance = (ms: number) => act(() => void vi.advanceTimersByTime(ms));

beforeEach(() => {
  vi.useFakeTimers();
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  act(() => root.render(createElement(ToastProvider, null, createElement(Probe))));
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
  vi.useRealTimers();
});

describe('<ToastProvider>', () => {
  it('announces an error toast with its default text and removes it after 3500 + 160 ms', () => {
    act(() => void toast.error());
    expect(document.querySelector('[role="alert"]')?.textContent).toContain('An error occurred.');
    advance(TOAST.showDelayMs);
    expect(items()[0]?.dataset.phase).toBe('visible');
    advance(TOAST.autoHideMs + TOAST.hideMs);
    expect(items()).toHaveLength(0);
  });

  it('stacks the older toast 20 px up and 5% smaller behind the newer one', () => {
    act(() => void toast.success('First'));
    act(() => void toast.success('Second'));
    advance(TOAST.showDelayMs);
    const [front, back] = items();
    expect(front?.textContent).toContain('Second');
    expect(back?.style.transform).toBe('translateY(-20px) scale(0.95)');
  });

  it('pauses auto-hide while the pointer is over the toasts', () => {
    act(() => void toast.warning('Careful'));
    advance(TOAST.showDelayMs);
    const list = document.querySelector('section[aria-label="Notifications"] ol')!;
    act(() => void list.dispatchEvent(new MouseEvent('mouseover', { bubbles: true, relatedTarget: document.body })));
    advance(TOAST.autoHideMs * 3);
    expect(items()[0]?.dataset.phase).toBe('visible');
    act(() => void list.dispatchEvent(new MouseEvent('mouseout', { bubbles: true, relatedTarget: document.body })));
    advance(TOAST.autoHideMs + TOAST.hideMs);
    expect(items()).toHaveLength(0);
  });

  it('dismisses a toast from its close button', () => {
    act(() => void toast.success('Saved', { preserve: true }));
    advance(TOAST.showDelayMs);
    act(() => document.querySelector<HTMLButtonElement>('button[aria-label="Dismiss notification"]')!.click());
    expect(items()[0]?.dataset.phase).toBe('hiding');
    advance(TOAST.hideMs);
    expect(items()).toHaveLength(0);
  });
});
