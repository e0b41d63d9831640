// Buttons of the design system. Heights follow docs/spec.md §9: small 32 px, medium 40 px, large 48 px.
// `buttonClass` lets a link look like a button without nesting interactive elements.
import type { ComponentProps } from 'react';
import { cx, focusRing } from './cx';

export type ButtonSize = 'small' | 'medium' | 'large';
export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';

const SIZES: Record<ButtonSize, string> = {
  small: 'h-8 gap-1.5 px-3 text-sm',
  medium: 'h-10 gap-2 px-4 text-sm',
  large: 'h-12 gap-2 px-6 text-base',
};

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-foreground text-background hover:bg-foreground/85',
  secondary: 'border border-border bg-background text-foreground hover:bg-subtle',
  danger: 'bg-red-700 text-white hover:bg-red-800',
  ghost: 'text-muted hover:bg-subtle hover:text-foreground',
};

export function buttonClass({
  size = 'medium',
  variant = 'secondary',
  className,
}: {
  size?: ButtonSize;
  variant?: ButtonVariant;
  className?: string;
} = {}): string {
  return cx(
    'inline-flex shrink-0 items-center justify-center rounded-md font-medium whitespace-nowrap transition-colors',
    'disabled:cursor-not-allowed disabled:opacity-50',
    focusRing,
    SIZES[size],
    VARIANTS[variant],
    className,
  );
}

export interface ButtonProps extends ComponentProps<'button'> {
  size?: ButtonSize;
  variant?: ButtonVariant;
  /** Shows a spinner and blocks clicks while an action runs. */
  loading?: boolean;
}

export function Button({
  size,
  variant,
  loading = false,
  disabled,
  className,
  type = 'button',
  children,
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={buttonClass({ size, variant, className })}
      {...props}
    >
      {loading && <Spinner />}
      {children}
    </button>
  );
}

function Spinner() {
  return (
    <span aria-hidden className="size-3.5 animate-spin rounded-full border-2 border-current border-r-transparent" />
  );
}
