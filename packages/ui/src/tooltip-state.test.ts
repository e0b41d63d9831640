import { TOOLTIP } from '@nimbus/core';
import { describe, expect, it } from 'vitest';
import { chooseAlign, isTouchMove, isVisible, noWidow, tooltipPosition, withVisibility } from './tooltip-state';

const viewport = { width: 1000, height: 800 };
const at = (left: number, top = 400, width = 40, height = 20) => ({ left, top, width, height });

describe('tooltip visibility mask', () => {
  it('uses bits 1 hover, 2 focus, 4 touch and stays open while any is set', () => {
    let mask = withVisibility(0, 'hover', true);
    expect(mask).toBe(1);
    mask = withVisibility(mask, 'focus', true);
    expect(mask).toBe(3);
    mask = withVisibility(mask, 'touch', true);
    expect(mask).toBe(7);
    mask = withVisibility(mask, 'hover', false);
    expect(mask).toBe(6);
    expect(isVisible(mask)).toBe(true);
    mask = withVisibility(withVisibility(mask, 'focus', false), 'touch', false);
    expect(isVisible(mask)).toBe(false);
    expect(withVisibility(0, 'focus', false)).toBe(0);
  });
});

describe('tooltip alignment and position', () => {
  it('aligns left within 100 px of the left edge, right within 100 px of the right edge, else center', () => {
    expect(chooseAlign(at(59), 1000)).toBe('left');
    expect(chooseAlign(at(80), 1000)).toBe('center');
    expect(chooseAlign(at(500), 1000)).toBe('center');
    expect(chooseAlign(at(880), 1000)).toBe('center');
    expect(chooseAlign(at(881), 1000)).toBe('right');
  });

  it('sits 10 px above the trigger, lined up by its alignment', () => {
    const bubble = { width: 200, height: 30 };
    expect(tooltipPosition(at(500), bubble, viewport)).toEqual({
      side: 'top',
      align: 'center',
      top: 400 - 30 - TOOLTIP.offsetPx,
      left: 520 - 100,
    });
    expect(tooltipPosition(at(10), bubble, viewport)).toMatchObject({ align: 'left', left: 10 });
    expect(tooltipPosition(at(950), bubble, viewport)).toMatchObject({ align: 'right', left: 990 - 200 });
  });

  it('flips below the trigger when there is no room above, and back when there is none below', () => {
    const bubble = { width: 100, height: 50 };
    expect(tooltipPosition(at(500, 20), bubble, viewport)).toMatchObject({ side: 'bottom', top: 20 + 20 + 10 });
    expect(tooltipPosition(at(500, 760), bubble, viewport, 'bottom')).toMatchObject({
      side: 'top',
      top: 760 - 50 - 10,
    });
  });
});

describe('touch and text', () => {
  it('treats a touch that moves more than 16 px as a scroll', () => {
    expect(isTouchMove({ x: 0, y: 0 }, { x: 0, y: 16 })).toBe(false);
    expect(isTouchMove({ x: 0, y: 0 }, { x: 12, y: 12 })).toBe(true);
  });

  it('joins the last two words with a non-breaking space unless the last word has 20+ characters', () => {
    expect(noWidow('Payments use the test platform')).toBe('Payments use the test\u00a0platform');
    expect(noWidow('Deployed to abcdefghijklmnopqrst')).toBe('Deployed to abcdefghijklmnopqrst');
    expect(noWidow('Deployed to abcdefghijklmnopqrs')).toBe('Deployed to\u00a0abcdefghijklmnopqrs');
    expect(noWidow('  Alone ')).toBe('Alone');
  });
});
