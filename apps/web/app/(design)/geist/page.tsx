// /geist: the foundations of the Nimbus design language: colour tokens (the theme variables of
// globals.css, shown live in the current theme), the type scale and the spacing rules.
import type { Metadata } from 'next';
import { PageIntro, Section } from '@/components/marketing/sections';
import { ZoneLink } from '@/components/marketing/zone-link';

export const metadata: Metadata = {
  title: 'Geist design language',
  description:
    'The foundations of the Nimbus interface: neutral colour tokens for light and dark themes, the Geist type scale, spacing and the principles behind them.',
};

const TOKENS = [
  { name: 'background', className: 'bg-background', use: 'Page and card surfaces' },
  { name: 'foreground', className: 'bg-foreground', use: 'Text, primary buttons' },
  { name: 'muted', className: 'bg-muted', use: 'Secondary text, icons' },
  { name: 'subtle', className: 'bg-subtle', use: 'Hover states, code, table headers' },
  { name: 'border', className: 'bg-border', use: 'Dividers and outlines' },
  { name: 'accent', className: 'bg-accent', use: 'Links, focus, the progress bar' },
];

const SCALE = [
  ['text-5xl', '48px', 'Page titles'],
  ['text-3xl', '30px', 'Section titles'],
  ['text-xl', '20px', 'Card titles'],
  ['text-base', '16px', 'Body text'],
  ['text-sm', '14px', 'Interface text'],
  ['text-xs', '12px', 'Labels and captions'],
] as const;

const PRINCIPLES = [
  'Content first: greys for the chrome, colour only where it means something.',
  'Every colour is a token with a light and a dark value; components never hard-code one.',
  'Text meets WCAG AA contrast on every surface in both themes.',
  'One 4px spacing grid; sections breathe at 56px, cards at 24px.',
];

function Swatches() {
  return (
    <div className="rounded-xl border border-border p-6">
      <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
        {TOKENS.map((token) => (
          <li key={token.name}>
            <span className={`block h-12 rounded-md border border-border ${token.className}`} />
            <span className="mt-2 block font-mono text-xs">{token.name}</span>
            <span className="block text-xs text-muted">{token.use}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

export default function GeistPage() {
  return (
    <main id="main">
      <PageIntro
        eyebrow="Design language"
        title="Geist at Nimbus"
        lead="The few decisions every Nimbus screen is built on. The components on the design system page use nothing else."
      />
      <Section
        id="colour"
        title="Colour"
        lead="Six tokens, each with a light and a dark value. The swatches are live: switch the theme in the footer and they change with the page."
      >
        <Swatches />
      </Section>
      <Section
        id="type"
        title="Type scale"
        lead="Geist Sans for everything you read, Geist Mono for everything you might copy."
      >
        <ul className="divide-y divide-border rounded-xl border border-border">
          {SCALE.map(([className, size, use]) => (
            <li key={className} className="flex items-baseline justify-between gap-4 px-6 py-4">
              <span className={`${className} font-medium tracking-tight`}>{use}</span>
              <span className="shrink-0 font-mono text-xs text-muted">
                {className} · {size}
              </span>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="principles" title="Principles">
        <ul className="max-w-3xl list-disc space-y-2 pl-6 leading-7">
          {PRINCIPLES.map((principle) => (
            <li key={principle}>{principle}</li>
          ))}
        </ul>
        <p className="mt-6">
          See them applied in the{' '}
          <ZoneLink href="/design" className="font-medium text-accent hover:underline">
            design system
          </ZoneLink>{' '}
          and the{' '}
          <ZoneLink href="/font" className="font-medium text-accent hover:underline">
            typefaces
          </ZoneLink>
          .
        </p>
      </Section>
    </main>
  );
}
