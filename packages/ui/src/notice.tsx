// An inline message box: errors from the API next to the form that caused them (role="alert", read
// out at once), warnings such as "copy this token now", and neutral notes.
import type { ReactNode } from 'react';
import { cx } from './cx';

export type NoticeTone = 'error' | 'warning' | 'note';

const TONES: Record<NoticeTone, string> = {
  error: 'border-red-600/40 bg-red-600/5 text-red-700 dark:text-red-400',
  warning: 'border-amber-600/40 bg-amber-500/10 text-foreground',
  note: 'border-border bg-subtle text-muted',
};

export function Notice({
  tone = 'error',
  className,
  children,
}: {
  tone?: NoticeTone;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      role={tone === 'error' ? 'alert' : tone === 'warning' ? 'status' : 'note'}
      className={cx('flex flex-col gap-2 rounded-md border px-3 py-2 text-sm', TONES[tone], className)}
    >
      {children}
    </div>
  );
}
