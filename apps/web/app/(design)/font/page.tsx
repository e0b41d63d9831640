// /font: specimens of the Geist typefaces Nimbus is set in, from the `geist` package: Sans and Mono
// (loaded for the whole site), and Serif and Pixel, loaded on this page only.

import { GeistPixelSquare } from 'geist/font/pixel/square';
import { GeistSerif } from 'geist/font/serif/variable';
import type { Metadata } from 'next';
import { PageIntro, Section } from '@/components/marketing/sections';

export const metadata: Metadata = {
  title: 'Font',
  description:
    'Geist Sans, Geist Mono, Geist Serif and Geist Pixel: the typefaces of Nimbus, with specimens of every weight and how to use them in your own projects.',
};

const WEIGHTS = [
  [100, 'Thin'],
  [200, 'Ultra Light'],
  [300, 'Light'],
  [400, 'Regular'],
  [500, 'Medium'],
  [600, 'Semi Bold'],
  [700, 'Bold'],
  [800, 'Extra Bold'],
  [900, 'Black'],
] as const;

const FAMILIES = [
  {
    name: 'Geist Sans',
    className: 'font-sans',
    use: 'Interface text, headings and body copy everywhere on Nimbus.',
    sample: 'Deploy on push. Roll back in a second.',
  },
  {
    name: 'Geist Mono',
    className: 'font-mono',
    use: 'Code, commands, identifiers and numbers that must line up.',
    sample: 'nimbus deploy --prod  →  dpl_7Hq2xK',
  },
  {
    name: 'Geist Serif',
    className: GeistSerif.className,
    use: 'Long-form reading and editorial moments.',
    sample: 'Every deployment is immutable.',
  },
  {
    name: 'Geist Pixel',
    className: GeistPixelSquare.className,
    use: 'Display type for events like Ship, in small doses.',
    sample: 'SHIP 2024',
  },
];

const GLYPHS =
  'ABCDEFGHIJKLMNOPQRSTUVWXYZ abcdefghijklmnopqrstuvwxyz 0123456789 ÀÉÎÕÜ àéîõü ß æ ø ¿¡ & @ # % € $ → ← ✓';

export default function FontPage() {
  return (
    <main id="main">
      <PageIntro
        eyebrow="Typeface"
        title="Geist"
        lead="Nimbus is set in Geist, an open source type family made for developers and designers: precise, neutral and easy to read at every size."
      />
      <Section id="families" title="The family">
        <ul className="grid gap-4 md:grid-cols-2">
          {FAMILIES.map((family) => (
            <li key={family.name} className="rounded-xl border border-border p-6">
              <h3 className="text-sm text-muted">{family.name}</h3>
              <p className={`mt-4 text-3xl ${family.className}`}>{family.sample}</p>
              <p className="mt-4 text-sm text-muted">{family.use}</p>
            </li>
          ))}
        </ul>
      </Section>
      <Section
        id="weights"
        title="Nine weights"
        lead="Geist Sans is a variable font: every weight from 100 to 900 comes from one file."
      >
        <ul className="divide-y divide-border rounded-xl border border-border">
          {WEIGHTS.map(([weight, name]) => (
            <li key={weight} className="flex items-baseline justify-between gap-4 px-6 py-3">
              <span className="text-2xl" style={{ fontWeight: weight }}>
                Build and host your sites
              </span>
              <span className="shrink-0 font-mono text-xs text-muted">
                {weight} {name}
              </span>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="glyphs" title="Character set">
        <p className="break-words text-3xl leading-relaxed tracking-wide">{GLYPHS}</p>
        <p className="mt-4 break-words font-mono text-xl leading-relaxed text-muted">{GLYPHS}</p>
      </Section>
      <Section
        id="use"
        title="Use Geist in your project"
        lead="Geist is free under the SIL Open Font License. In a Next.js app, install the package and apply the font's variable class."
      >
        <pre
          tabIndex={0}
          className="relative overflow-x-auto rounded-lg border border-border bg-subtle p-4 font-mono text-[13px] leading-6"
        >
          {`npm install geist

// app/layout.tsx
import { GeistSans } from 'geist/font/sans';
import { GeistMono } from 'geist/font/mono';

<html className={\`\${GeistSans.variable} \${GeistMono.variable}\`}>`}
        </pre>
      </Section>
    </main>
  );
}
