import { MODAL, THEME_COLORS } from '@nimbus/core';
import { describe, expect, it } from 'vitest';
import { dimmedThemeColor, dragOffset, isDrawerViewport, mixColor, shouldCloseDrawer } from './drawer-state';

describe('drawer rules', () => {
  it('turns dialogs into drawers below a 600 px wide viewport', () => {
    expect(isDrawerViewport(599)).toBe(true);
    expect(isDrawerViewport(MODAL.drawerBreakpointPx)).toBe(false);
  });

  it('follows the drag downwards only and closes from 25% of the height', () => {
    expect(dragOffset(100, 60)).toBe(0);
    expect(dragOffset(100, 180)).toBe(80);
    expect(shouldCloseDrawer(99, 400)).toBe(false);
    expect(shouldCloseDrawer(100, 400)).toBe(true);
    expect(shouldCloseDrawer(10, 0)).toBe(false);
  });

  it('dims the theme colour under the 50% black overlay, step by step', () => {
    expect(mixColor('#ffffff', '#000000', 0)).toBe('#ffffff');
    expect(mixColor('#fff', '#000', 1)).toBe('#000000');
    expect(mixColor('#ffffff', '#000000', 0.5)).toBe('#808080');
    expect(dimmedThemeColor(THEME_COLORS.light)).toBe('#808080');
    expect(dimmedThemeColor(THEME_COLORS.dark)).toBe('#050505');
  });
});
