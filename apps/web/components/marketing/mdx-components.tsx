// How MDX content (blog, docs, guides, help, changelog) renders: typography in the theme colours,
// scrollable tables and code, and links that respect zones. Server components only.
import type { ComponentProps } from 'react';
import { ZoneLink } from './zone-link';

function Anchor({ href = '', ...rest }: ComponentProps<'a'>) {
  if (href.startsWith('/')) return <ZoneLink href={href} {...rest} />;
  if (href.startsWith('#')) return <a href={href} {...rest} />;
  return <a href={href} rel="noopener noreferrer" {...rest} />;
}

const heading = 'scroll-mt-24 font-semibold tracking-tight text-foreground';

export const mdxComponents = {
  a: (props: ComponentProps<'a'>) => (
    <Anchor className="font-medium text-accent underline-offset-4 hover:underline" {...props} />
  ),
  h1: (props: ComponentProps<'h1'>) => <h1 className={`${heading} mb-6 text-4xl`} {...props} />,
  h2: (props: ComponentProps<'h2'>) => (
    <h2 className={`${heading} mb-4 mt-12 border-b border-border pb-2 text-2xl`} {...props} />
  ),
  h3: (props: ComponentProps<'h3'>) => <h3 className={`${heading} mb-3 mt-8 text-xl`} {...props} />,
  h4: (props: ComponentProps<'h4'>) => <h4 className={`${heading} mb-2 mt-6 text-base`} {...props} />,
  p: (props: ComponentProps<'p'>) => <p className="my-4 leading-7" {...props} />,
  ul: (props: ComponentProps<'ul'>) => <ul className="my-4 list-disc space-y-2 pl-6 leading-7" {...props} />,
  ol: (props: ComponentProps<'ol'>) => <ol className="my-4 list-decimal space-y-2 pl-6 leading-7" {...props} />,
  blockquote: (props: ComponentProps<'blockquote'>) => (
    <blockquote className="my-6 border-l-2 border-border pl-4 text-muted" {...props} />
  ),
  hr: () => <hr className="my-10 border-border" />,
  pre: (props: ComponentProps<'pre'>) => (
    // A scrollable region must be reachable by keyboard (axe: scrollable-region-focusable).
    <pre
      tabIndex={0}
      className="relative my-6 overflow-x-auto rounded-lg border border-border bg-subtle p-4 font-mono text-[13px] leading-6 [&>code]:bg-transparent [&>code]:p-0"
      {...props}
    />
  ),
  code: (props: ComponentProps<'code'>) => (
    <code className="rounded bg-subtle px-1.5 py-0.5 font-mono text-[0.875em]" {...props} />
  ),
  table: (props: ComponentProps<'table'>) => (
    <div
      tabIndex={0}
      role="region"
      aria-label="Table"
      className="relative my-6 overflow-x-auto rounded-lg border border-border"
    >
      <table className="w-full border-collapse text-left text-sm" {...props} />
    </div>
  ),
  th: (props: ComponentProps<'th'>) => (
    <th className="border-b border-border bg-subtle px-4 py-2 font-medium" {...props} />
  ),
  td: (props: ComponentProps<'td'>) => <td className="border-b border-border px-4 py-2 align-top" {...props} />,
  strong: (props: ComponentProps<'strong'>) => <strong className="font-semibold text-foreground" {...props} />,
};
