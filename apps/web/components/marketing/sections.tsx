// Building blocks the public pages are written with, so every page has the same rhythm: an intro
// with the page's one h1, titled sections, card grids and the closing call to action.
import type { ReactNode } from 'react';
import { ZoneLink } from './zone-link';

export function PageIntro({
  eyebrow,
  title,
  lead,
  children,
  visual,
}: {
  eyebrow?: string;
  title: string;
  lead: string;
  children?: ReactNode;
  /** Shown beside the text from the lg breakpoint, below it on smaller screens. */
  visual?: ReactNode;
}) {
  const text = (
    <div className="min-w-0">
      {eyebrow && <p className="text-sm font-medium text-accent">{eyebrow}</p>}
      <h1 className="mt-2 max-w-3xl text-4xl font-semibold tracking-tight sm:text-5xl">{title}</h1>
      <p className="mt-5 max-w-2xl text-lg text-muted">{lead}</p>
      {children && <div className="mt-8 flex flex-wrap gap-3">{children}</div>}
    </div>
  );
  if (!visual) return <div className="mx-auto max-w-6xl px-6 pb-12 pt-20 sm:pt-24">{text}</div>;
  return (
    <div className="mx-auto grid max-w-6xl items-center gap-12 px-6 pb-12 pt-16 sm:pt-20 lg:grid-cols-2">
      {text}
      {visual}
    </div>
  );
}

export function Section({
  id,
  title,
  lead,
  children,
}: {
  id?: string;
  title: string;
  lead?: string;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={id ? `${id}-title` : undefined}
      className="mx-auto max-w-6xl scroll-mt-20 px-6 py-14"
    >
      <h2 id={id ? `${id}-title` : undefined} className="text-2xl font-semibold tracking-tight sm:text-3xl">
        {title}
      </h2>
      {lead && <p className="mt-3 max-w-2xl text-muted">{lead}</p>}
      <div className="mt-8">{children}</div>
    </section>
  );
}

export function CardGrid({
  items,
  columns = 3,
  headingLevel = 3,
}: {
  items: { title: string; body: ReactNode; href?: string }[];
  columns?: 2 | 3;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ul className={`grid gap-4 sm:grid-cols-2 ${columns === 3 ? 'lg:grid-cols-3' : ''}`}>
      {items.map((item) => (
        <li key={item.title} className="rounded-xl border border-border p-6">
          <Heading className="font-medium">
            {item.href ? (
              <ZoneLink href={item.href} className="hover:underline">
                {item.title}
              </ZoneLink>
            ) : (
              item.title
            )}
          </Heading>
          <div className="mt-2 text-sm leading-6 text-muted">{item.body}</div>
        </li>
      ))}
    </ul>
  );
}

export function ButtonLink({
  href,
  children,
  variant = 'primary',
}: {
  href: string;
  children: ReactNode;
  variant?: 'primary' | 'secondary';
}) {
  const look =
    variant === 'primary'
      ? 'bg-foreground text-background hover:opacity-90'
      : 'border border-border bg-background text-foreground hover:bg-subtle';
  return (
    <ZoneLink
      href={href}
      className={`inline-flex h-11 items-center rounded-md px-5 text-sm font-medium transition ${look}`}
    >
      {children}
    </ZoneLink>
  );
}

export function CallToAction({
  title = 'Ship your next site on Nimbus',
  lead = 'Start on the free Hobby plan in a minute, or talk to us about running Nimbus for your whole organisation.',
}: {
  title?: string;
  lead?: string;
}) {
  return (
    <section aria-labelledby="cta-title" className="mx-auto max-w-6xl px-6 py-14">
      <div className="rounded-2xl border border-border bg-subtle px-8 py-12 text-center">
        <h2 id="cta-title" className="text-2xl font-semibold tracking-tight sm:text-3xl">
          {title}
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-muted">{lead}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <ButtonLink href="/signup">Start deploying</ButtonLink>
          <ButtonLink href="/contact" variant="secondary">
            Talk to sales
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
