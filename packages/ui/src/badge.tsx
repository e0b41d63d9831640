// Small status labels (plan, role, "Default"). Tones keep at least 4.5:1 contrast in both themes.
import type { ReactNode } from 'react';
import { cx } from './cx';

export type BadgeTone = 'neutral' | 'blue' | 'green' | 'amber' | 'red';

const TONES: Record<BadgeTone, string> = {
  neutral: 'border-border bg-subtle text-muted',
  blue: 'border-blue-600/30 bg-blue-600/10 text-blue-800 dark:text-blue-300',
  green: 'border-green-600/30 bg-green-600/10 text-green-800 dark:text-green-300',
  amber: 'border-amber-600/30 bg-amber-500/10 text-amber-800 dark:text-amber-300',
  red: 'border-red-600/30 bg-red-600/10 text-red-800 dark:text-red-300',
};

export function Badge({
  tone = 'neutral',
  className,
  children,
}: {
  tone?: BadgeTone;
  className?: string;
  children: ReactNode;
}) {
  return (
    <span
      className={cx(
        'inline-flex h-5 items-center rounded-full border px-2 text-xs font-medium whitespace-nowrap',
        TONES[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}
