// A bordered surface. Settings use the title / body / footer layout: the footer holds the hint on
// the left and the action on the right, like every settings card in the dashboard.
import type { ReactNode } from 'react';
import { cx } from './cx';

export interface CardProps {
  title?: ReactNode;
  description?: ReactNode;
  footer?: ReactNode;
  tone?: 'default' | 'danger';
  className?: string;
  children?: ReactNode;
  /** Rendered as a <section> labelled by its title when there is one. */
  id?: string;
}

export function Card({ title, description, footer, tone = 'default', className, children, id }: CardProps) {
  const titleId = id && title ? `${id}-title` : undefined;
  return (
    <section
      id={id}
      aria-labelledby={titleId}
      className={cx(
        'overflow-hidden rounded-lg border bg-background',
        tone === 'danger' ? 'border-red-600/50' : 'border-border',
        className,
      )}
    >
      {(title || description || children) && (
        <div className="flex flex-col gap-3 p-6">
          {title && (
            <h2 id={titleId} className="text-lg font-semibold tracking-tight">
              {title}
            </h2>
          )}
          {description && <div className="text-sm text-muted">{description}</div>}
          {children}
        </div>
      )}
      {footer && (
        <div
          className={cx(
            'flex min-h-14 flex-wrap items-center justify-between gap-3 border-t px-6 py-3 text-sm text-muted',
            tone === 'danger' ? 'border-red-600/50 bg-red-600/5' : 'border-border bg-subtle',
          )}
        >
          {footer}
        </div>
      )}
    </section>
  );
}
