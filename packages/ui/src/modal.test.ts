// @vitest-environment jsdom

import { MODAL } from '@nimbus/core';
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Modal } from './modal';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let host: HTMLElement;
const onClose = vi.fn();

function render(open: boolean) {
  act(() =>
    root.render(
      createElement(Modal, {
        open,
        onClose,
        title: 'Delete team',
        footer: createElement('button', { type: 'button' }, 'Confirm'),
      }),
    ),
  );
}
const dialog = () => document.querySelector('dialog');

beforeEach(() => {
  vi.useFakeTimers();
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
  onClose.mockReset();
  vi.useRealTimers();
});

describe('<Modal>', () => {
  it('mounts on open, renders a frame later, and is labelled by its title', () => {
    render(false);
    expect(dialog()).toBeNull();
    render(true);
    expect(dialog()?.dataset.phase).toBe('mounted');
    expect(dialog()?.open).toBe(true);
    act(() => void vi.advanceTimersByTime(32));
    expect(dialog()?.dataset.phase).toBe('rendered');
    const labelledBy = dialog()!.getAttribute('aria-labelledby')!;
    expect(document.getElementById(labelledBy)?.textContent).toBe('Delete team');
    expect(dialog()!.style.width).toContain(`${MODAL.defaultWidth}px`);
  });

  it('asks to close on Escape (the cancel event) instead of closing by itself', () => {
    render(true);
    const cancel = new Event('cancel', { cancelable: true });
    act(() => void dialog()!.dispatchEvent(cancel));
    expect(onClose).toHaveBeenCalledOnce();
    expect(cancel.defaultPrevented).toBe(true);
    expect(dialog()).not.toBeNull();
  });

  it('stays mounted for the 350 ms exit delay, then unmounts and gives focus back', () => {
    const opener = document.createElement('button');
    document.body.appendChild(opener);
    opener.focus();
    render(true);
    act(() => void vi.advanceTimersByTime(32));
    render(false);
    expect(dialog()?.dataset.phase).toBe('closing');
    act(() => void vi.advanceTimersByTime(MODAL.exitDelayMs - 1));
    expect(dialog()).not.toBeNull();
    act(() => void vi.advanceTimersByTime(1));
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(opener);
    opener.remove();
  });

  describe('below a 600 px viewport', () => {
    beforeEach(() => {
      window.matchMedia = ((query: string) => ({
        matches: query.includes('max-width: 599.98px'),
        addEventListener() {},
        removeEventListener() {},
      })) as never;
      Object.defineProperty(HTMLElement.prototype, 'offsetHeight', { configurable: true, get: () => 400 });
    });
    afterEach(() => {
      delete (window as { matchMedia?: unknown }).matchMedia;
      delete (HTMLElement.prototype as { offsetHeight?: number }).offsetHeight;
    });

    const handle = () => dialog()!.querySelector<HTMLElement>('[aria-hidden].cursor-grab')!;
    const drag = (fromY: number, toY: number) => {
      act(
        () =>
          void handle().dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, clientY: fromY, pointerId: 1 })),
      );
      act(
        () =>
          void handle().dispatchEvent(new PointerEvent('pointermove', { bubbles: true, clientY: toY, pointerId: 1 })),
      );
      act(
        () => void handle().dispatchEvent(new PointerEvent('pointerup', { bubbles: true, clientY: toY, pointerId: 1 })),
      );
    };

    it('slides up from the bottom as a drawer, full width, with the 0.5 s drawer animation', () => {
      render(true);
      expect(dialog()?.dataset.drawer).toBe('true');
      expect(dialog()!.style.transform).toBe('translateY(100%)');
      act(() => void vi.advanceTimersByTime(32));
      expect(dialog()!.style.transform).toBe('translateY(0px)');
      expect(dialog()!.style.transitionDuration).toBe(`${MODAL.drawerAnimationMs}ms`);
      expect(dialog()!.style.width).toBe('');
    });

    it('closes when dragged down by a quarter of its height, and springs back when dragged less', () => {
      render(true);
      act(() => void vi.advanceTimersByTime(32));
      drag(100, 199);
      expect(onClose).not.toHaveBeenCalled();
      expect(dialog()!.style.transform).toBe('translateY(0px)');
      drag(100, 200);
      expect(onClose).toHaveBeenCalledOnce();
    });
  });
});
