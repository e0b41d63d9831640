// @vitest-environment jsdom

import { TOAST } from '@nimbus/core';
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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

  it('renders an action link with actionHref, a cancel action and an Undo button', () => {
    const onUndoAction = vi.fn();
    act(
      () =>
        void toast.success('Moved 2 projects', {
          action: 'View team',
          actionHref: '/acme',
          cancelAction: 'Close',
          onUndoAction,
        }),
    );
    advance(TOAST.showDelayMs);
    expect(document.querySelector('a[href="/acme"]')?.textContent).toBe('View team');
    expect(
      [...document.querySelectorAll('[role="status"] button')].map(
        (b) => b.textContent || b.getAttribute('aria-label'),
      ),
    ).toEqual(['Close', 'Undo', 'Dismiss notification']);
    act(() =>
      [...document.querySelectorAll<HTMLButtonElement>('[role="status"] button')]
        .find((b) => b.textContent === 'Undo')!
        .click(),
    );
    expect(onUndoAction).toHaveBeenCalledOnce();
  });

  it('shows a visual instead of the dot, without the × when hideX, edge to edge when fullBleed', () => {
    const visual = createElement('img', { alt: '', src: '/logo.png', 'data-testid': 'visual' });
    act(() => void toast.show({ text: 'Deployed', visual, hideX: true, fullBleed: true, fullWidth: true }));
    advance(TOAST.showDelayMs);
    const card = document.querySelector<HTMLElement>('[role="status"]')!;
    expect(card.querySelector('[data-testid="visual"]')).not.toBeNull();
    expect(card.querySelector('button[aria-label="Dismiss notification"]')).toBeNull();
    expect(card.className).toContain('p-0');
    expect(items()[0]!.className).toContain('w-[calc(100vw-32px)]');
  });

  it('moves focus to the first button of an autoFocus toast when it shows', () => {
    act(() => void toast.warning('Unsaved changes', { action: 'Save', cancelAction: 'Discard', autoFocus: true }));
    advance(TOAST.showDelayMs);
    expect(document.activeElement?.textContent).toBe('Discard');
  });
});
