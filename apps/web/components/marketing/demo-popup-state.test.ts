import { describe, expect, it } from 'vitest';
import { isEligible, newRecord, type PopupRecord, parseRecord, popupDelay, step } from './demo-popup-state';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 0, 15);
const json = (record: Partial<PopupRecord>) => JSON.stringify({ ...newRecord(NOW - DAY), ...record });

describe('where and after how long', () => {
  it('uses 15 s on pricing and enterprise, 20 s on the four blog posts, and nothing elsewhere', () => {
    expect(popupDelay('/pricing')).toBe(15_000);
    expect(popupDelay('/enterprise')).toBe(15_000);
    expect(popupDelay('/blog/feature-flags')).toBe(20_000);
    expect(popupDelay('/blog/introducing-the-nimbus-waf')).toBe(20_000);
    expect(popupDelay('/blog')).toBeNull();
    expect(popupDelay('/')).toBeNull();
    expect(popupDelay('/blog/immutable-deployments')).toBeNull();
    expect(popupDelay('/toString')).toBeNull();
  });
});

describe('who sees it', () => {
  const base = { path: '/pricing', marketFit: 1 as const, forced: false, record: null };
  it('shows to sales-led visitors only', () => {
    expect(isEligible(base)).toBe(true);
    expect(isEligible({ ...base, marketFit: 0 })).toBe(false);
    expect(isEligible({ ...base, marketFit: 2 })).toBe(false);
    expect(isEligible({ ...base, marketFit: 2, forced: true })).toBe(false);
  });
  it('stops after one dismissal unless marketfit=1', () => {
    const dismissed = { ...newRecord(NOW), dismissions: 1 };
    expect(isEligible({ ...base, record: dismissed })).toBe(false);
    expect(isEligible({ ...base, record: dismissed, forced: true })).toBe(true);
  });
  it('never shows on other paths, even when forced', () => {
    expect(isEligible({ ...base, path: '/about', forced: true })).toBe(false);
  });
});

describe('the stored record', () => {
  it('reads a well-formed record', () => {
    expect(parseRecord(json({ dismissions: 1, lastShown: NOW - DAY / 2 }), NOW)).toMatchObject({ dismissions: 1 });
  });
  it('is cleared when lastShown is between 2 and 60 days old', () => {
    expect(parseRecord(json({ dismissions: 1, lastShown: NOW - 1.9 * DAY }), NOW)).not.toBeNull();
    expect(parseRecord(json({ dismissions: 1, lastShown: NOW - 2 * DAY }), NOW)).toBeNull();
    expect(parseRecord(json({ dismissions: 1, lastShown: NOW - 30 * DAY }), NOW)).toBeNull();
    expect(parseRecord(json({ dismissions: 1, lastShown: NOW - 60 * DAY }), NOW)).toBeNull();
  });
  it('expires 90 days after it was created', () => {
    const created = newRecord(NOW);
    expect(created.expires - NOW).toBe(90 * DAY);
    expect(parseRecord(JSON.stringify({ ...created, dismissions: 1, lastShown: null }), NOW + 89 * DAY)).not.toBeNull();
    expect(parseRecord(JSON.stringify({ ...created, dismissions: 1, lastShown: null }), NOW + 90 * DAY)).toBeNull();
  });
  it('ignores garbage', () => {
    for (const raw of [
      null,
      '',
      '{',
      'null',
      '42',
      '{"dismissions":"1"}',
      '{"dismissions":1,"lastShown":"x","expires":1e15}',
    ]) {
      expect(parseRecord(raw, NOW)).toBeNull();
    }
  });
});

describe('transitions', () => {
  const start = { type: 'start', path: '/pricing', marketFit: 1, forced: false } as const;
  it('waits, shows after the delay and stamps lastShown', () => {
    const waiting = step('idle', start, null, NOW);
    expect(waiting).toEqual({ state: 'waiting' });
    const shown = step('waiting', { type: 'timeout' }, null, NOW + 15_000);
    expect(shown.state).toBe('shown');
    expect(shown.record).toMatchObject({ dismissions: 0, lastShown: NOW + 15_000 });
  });
  it('counts a dismissal when closed', () => {
    const record = { ...newRecord(NOW), lastShown: NOW };
    expect(step('shown', { type: 'close' }, record, NOW)).toEqual({
      state: 'dismissed',
      record: { ...record, dismissions: 1 },
    });
  });
  it('hides without a dismissal when the link or avatar is followed', () => {
    expect(step('shown', { type: 'follow' }, null, NOW)).toEqual({ state: 'followed' });
  });
  it('stays ineligible for product-led visitors and ignores events out of order', () => {
    expect(step('idle', { ...start, marketFit: 2 }, null, NOW)).toEqual({ state: 'ineligible' });
    expect(step('ineligible', { type: 'timeout' }, null, NOW)).toEqual({ state: 'ineligible' });
    expect(step('waiting', { type: 'close' }, null, NOW)).toEqual({ state: 'waiting' });
    expect(step('dismissed', start, null, NOW)).toEqual({ state: 'dismissed' });
  });
});
