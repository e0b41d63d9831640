// Joins class names, skipping falsy ones, so components can take an optional `className`.
export function cx(...classes: Array<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(' ');
}

/**
 * The one focus ring every interactive element shares, visible in both themes. `outline-solid` is
 * needed: in Tailwind v4 `outline-none` sets `--tw-outline-style: none`, which `outline-2` reads, so
 * without it the ring resolves to no outline at all.
 */
export const focusRing =
  'outline-none focus-visible:outline-solid focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent';
