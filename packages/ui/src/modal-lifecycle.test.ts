// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { isMounted, isRendered, type ModalEvent, type ModalPhase, modalTransition } from './modal-lifecycle';

const run = (events: ModalEvent[], from: ModalPhase = 'closed') => events.reduce(modalTransition, from);

describe('modal lifecycle', () => {
  it('goes closed → mounted → rendered → closing → closed', () => {
    expect(run(['open'])).toBe('mounted');
    expect(run(['open', 'painted'])).toBe('rendered');
    expect(run(['open', 'painted', 'close'])).toBe('closing');
    expect(run(['open', 'painted', 'close', 'exited'])).toBe('closed');
  });

  it('stays mounted but not rendered while closing, so it can animate out', () => {
    const closing = run(['open', 'painted', 'close']);
    expect(isMounted(closing)).toBe(true);
    expect(isRendered(closing)).toBe(false);
    expect(isMounted('closed')).toBe(false);
  });

  it('shows again at once when reopened during the exit delay', () => {
    expect(run(['open', 'painted', 'close', 'open'])).toBe('rendered');
  });

  it('ignores events that do not apply', () => {
    expect(run(['close'])).toBe('closed');
    expect(run(['exited'])).toBe('closed');
    expect(run(['painted'])).toBe('closed');
    expect(run(['open', 'painted', 'open'])).toBe('rendered');
    expect(run(['open', 'painted', 'exited'])).toBe('rendered');
  });
});
