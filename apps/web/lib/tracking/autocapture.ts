// Autocapture (docs/spec.md §9): clicks on elements marked with `data-track` and on buttons become
// `click` activity records, with the element's text cut at 100 characters and a button's height
// mapped to tiny/small/medium/large (24/32/40 px). The listener attaches to the page's root; when
// it is not there yet it tries again, up to 5 times 2 s apart.
import {
  AUTOCAPTURE_ATTEMPTS,
  AUTOCAPTURE_INTERVAL_MS,
  type ButtonSize,
  buttonSize,
  TRACK_ATTRIBUTE,
  trackedText,
} from '@nimbus/core';

export interface CapturedClick {
  /** The `data-track` value, else `button`. */
  name: string;
  text: string;
  tag: string;
  size: ButtonSize | null;
  href: string | null;
}

const SELECTOR = `[${TRACK_ATTRIBUTE}], button, [role="button"]`;

/** What a click on `target` records, or null when nothing tracked was clicked. */
export function describeClick(target: EventTarget | null): CapturedClick | null {
  const start = target as Element | null;
  const el = typeof start?.closest === 'function' ? start.closest(SELECTOR) : null;
  if (!el) return null;
  const isButton = el.tagName === 'BUTTON' || el.getAttribute('role') === 'button';
  const height = el.getBoundingClientRect().height;
  return {
    name: el.getAttribute(TRACK_ATTRIBUTE) || 'button',
    text: trackedText(el.getAttribute('aria-label') || el.textContent),
    tag: el.tagName.toLowerCase(),
    size: isButton ? buttonSize(height) : null,
    href: el.getAttribute('href'),
  };
}

/**
 * Attaches a click listener to `root()` (the body), trying `AUTOCAPTURE_ATTEMPTS` times
 * `AUTOCAPTURE_INTERVAL_MS` apart while it is missing. Returns a function that detaches it.
 */
export function startAutocapture(
  root: () => Pick<HTMLElement, 'addEventListener' | 'removeEventListener'> | null,
  onClick: (click: CapturedClick) => void,
  schedule: (fn: () => void, ms: number) => unknown = (fn, ms) => setTimeout(fn, ms),
): () => void {
  let attached: ReturnType<typeof root> = null;
  let stopped = false;
  const listener = (event: Event) => {
    const click = describeClick(event.target);
    if (click) onClick(click);
  };
  const attempt = (n: number) => {
    if (stopped) return;
    const el = root();
    if (el) {
      el.addEventListener('click', listener, { capture: true });
      attached = el;
    } else if (n < AUTOCAPTURE_ATTEMPTS) {
      schedule(() => attempt(n + 1), AUTOCAPTURE_INTERVAL_MS);
    }
  };
  attempt(1);
  return () => {
    stopped = true;
    attached?.removeEventListener('click', listener, { capture: true });
  };
}
