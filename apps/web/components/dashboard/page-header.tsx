// The heading block every dashboard page starts with: title, optional badge and description, actions.
import type { ReactNode } from 'react';

export function PageHeader({
  title,
  badge,
  description,
  actions,
}: {
  title: ReactNode;
  badge?: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div className="flex min-w-0 flex-col gap-1.5">
        <div className="flex items-center gap-3">
          <h1 className="truncate text-3xl font-semibold tracking-tight">{title}</h1>
          {badge}
        </div>
        {description && <p className="text-sm text-muted">{description}</p>}
      </div>
      {actions && <div className="flex items-center gap-2">{actions}</div>}
    </div>
  );
}

/** Settings sections: a side nav beside the content on wide screens, above it on narrow ones. */
export function SettingsLayout({ nav, children }: { nav: ReactNode; children: ReactNode }) {
  return (
    <div className="grid gap-8 md:grid-cols-[200px_1fr]">
      <aside>{nav}</aside>
      <div className="flex min-w-0 flex-col gap-6">{children}</div>
    </div>
  );
}
