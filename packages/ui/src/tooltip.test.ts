// @vitest-environment jsdom

import { TOOLTIP } from '@nimbus/core';
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Tooltip } from './tooltip';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let host: HTMLElement;
const bubble = () => document.querySelector<HTMLElement>('[role="tooltip"]');
const button = () => host.querySelector('button')!;
const pointer = (type: string) =>
  new PointerEvent(type, { bubbles: true, pointerType: 'mouse', relatedTarget: document.body });
const advance = (ms: number) => act(() => void vi.advanceTimersByTime(ms));

beforeEach(() => {
  vi.useFakeTimers();
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  act(() =>
    root.render(
      createElement(Tooltip, {
        text: 'Payments run on the test platform',
        // biome-ignore lint/a11y/useButtonType: the tooltip's child type admits only aria-describedby
        children: createElement('button', null, 'Test mode'),
      }),
    ),
  );
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
  vi.useRealTimers();
});

describe('<Tooltip>', () => {
  it('shows on hover, describes its trigger, and fades out over the close delay after leaving', () => {
    expect(bubble()).toBeNull();
    act(() => void button().dispatchEvent(pointer('pointerover')));
    expect(bubble()?.textContent).toBe('Payments run on the test\u00a0platform');
    expect(button().getAttribute('aria-describedby')).toBe(bubble()!.id);
    expect(bubble()!.style.maxWidth).toBe(`${TOOLTIP.maxWidthPx}px`);
    act(() => void button().dispatchEvent(pointer('pointerout')));
    expect(bubble()?.dataset.state).toBe('unmountSuspended');
    advance(TOOLTIP.closeDelayMs);
    expect(bubble()).toBeNull();
    expect(button().hasAttribute('aria-describedby')).toBe(false);
  });

  it('stays open while focused even when the pointer leaves, and closes on Escape', () => {
    act(() => button().focus());
    act(() => void button().dispatchEvent(pointer('pointerover')));
    act(() => void button().dispatchEvent(pointer('pointerout')));
    advance(TOOLTIP.closeDelayMs * 5);
    expect(bubble()?.dataset.state).toBe('mounted');
    act(() => void document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' })));
    advance(TOOLTIP.closeDelayMs);
    expect(bubble()).toBeNull();
  });

  it('comes straight back when the pointer returns during the close delay', () => {
    act(() => void button().dispatchEvent(pointer('pointerover')));
    act(() => void button().dispatchEvent(pointer('pointerout')));
    advance(TOOLTIP.closeDelayMs / 2);
    act(() => void button().dispatchEvent(pointer('pointerover')));
    advance(TOOLTIP.closeDelayMs * 2);
    expect(bubble()?.dataset.state).toBe('mounted');
  });
});
