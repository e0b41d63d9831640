// The frame of the login and sign-up pages: a heading, the form, and a line linking the other one.
import type { ReactNode } from 'react';

export function AuthCard({
  title,
  description,
  footer,
  children,
}: {
  title: string;
  description?: ReactNode;
  footer?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex w-full max-w-sm flex-col gap-6">
      <div className="flex flex-col gap-2 text-center">
        <h1 className="text-2xl font-semibold tracking-tight text-balance">{title}</h1>
        {description && <p className="text-sm text-muted">{description}</p>}
      </div>
      {children}
      {footer && <p className="text-center text-sm text-muted">{footer}</p>}
    </div>
  );
}
