// Renders a legal document: numbered sections with their own anchors and a contents list, so a
// clause can be linked to directly.
import type { ReactNode } from 'react';

export function LegalDocument({
  title,
  updated,
  intro,
  sections,
}: {
  title: string;
  updated: string;
  intro: string;
  sections: { id: string; title: string; body: ReactNode[] }[];
}) {
  return (
    <article className="mx-auto max-w-3xl px-6 pt-20">
      <h1 className="text-4xl font-semibold tracking-tight">{title}</h1>
      <p className="mt-3 text-sm text-muted">Last updated {updated}</p>
      <p className="mt-6 leading-7">{intro}</p>
      <nav aria-label="Contents" className="mt-8 rounded-xl border border-border p-6">
        <h2 className="text-sm font-medium">Contents</h2>
        <ol className="mt-3 list-decimal space-y-1 pl-5 text-sm">
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`} className="text-accent hover:underline">
                {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((section, index) => (
        <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className="scroll-mt-24">
          <h2 id={`${section.id}-title`} className="mt-12 text-xl font-semibold">
            {index + 1}. {section.title}
          </h2>
          {section.body.map((paragraph, i) => (
            <p key={i} className="mt-4 leading-7">
              {paragraph}
            </p>
          ))}
        </section>
      ))}
    </article>
  );
}
