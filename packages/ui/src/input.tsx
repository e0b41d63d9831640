// Text inputs and selects with one look: invalid state from aria-invalid, read-only greyed out.
// Heights match the buttons beside them (docs/spec.md §9): small 32 px, medium 40 px.
import type { ComponentProps } from 'react';
import { cx } from './cx';

export type ControlSize = 'small' | 'medium';

const HEIGHTS: Record<ControlSize, string> = { small: 'h-8', medium: 'h-10' };

const control = cx(
  'rounded-md border border-border bg-background px-3 text-sm text-foreground',
  'placeholder:text-muted transition-colors outline-none',
  'focus-visible:border-foreground focus-visible:ring-2 focus-visible:ring-accent/40',
  'aria-[invalid=true]:border-red-600 aria-[invalid=true]:focus-visible:ring-red-600/30',
  'read-only:bg-subtle read-only:text-muted disabled:cursor-not-allowed disabled:opacity-60',
);

type Sized<P> = P & {
  controlSize?: ControlSize;
  /** A Tailwind width class; controls fill their parent unless told otherwise. */
  widthClass?: string;
};

export function Input({
  className,
  controlSize = 'medium',
  widthClass = 'w-full',
  ...props
}: Sized<ComponentProps<'input'>>) {
  return <input className={cx(control, HEIGHTS[controlSize], widthClass, className)} {...props} />;
}

export function Select({
  className,
  controlSize = 'medium',
  widthClass = 'w-full',
  ...props
}: Sized<ComponentProps<'select'>>) {
  return <select className={cx(control, HEIGHTS[controlSize], widthClass, 'pr-8', className)} {...props} />;
}
