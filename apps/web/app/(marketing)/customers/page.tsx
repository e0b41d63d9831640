// /customers: how different kinds of teams use Nimbus, told with what changed for them.
import type { Metadata } from 'next';
import { CUSTOMER_STORIES } from '@/components/marketing/customer-stories';
import { CallToAction, PageIntro } from '@/components/marketing/sections';

export const metadata: Metadata = {
  title: 'Customers',
  description:
    'How broadcasters, agencies, research labs, retailers and non-profits build and host their sites on Nimbus, on our cloud and self-hosted.',
};

export default function CustomersPage() {
  return (
    <main id="main">
      <PageIntro
        eyebrow="Customers"
        title="Teams that ship on Nimbus"
        lead="Different sizes, different rules about where data may live, the same way of working: every change previewed, every release reversible."
      />
      <div className="mx-auto max-w-6xl space-y-6 px-6">
        {CUSTOMER_STORIES.map((story, index) => (
          <article
            key={story.company}
            aria-labelledby={`story-${index}`}
            className="grid gap-6 rounded-2xl border border-border p-8 lg:grid-cols-[2fr_1fr]"
          >
            <div>
              <p className="text-sm text-muted">{story.industry}</p>
              <h2 id={`story-${index}`} className="mt-1 text-xl font-semibold">
                {story.company}
              </h2>
              <p className="mt-4 leading-7">{story.story}</p>
              <blockquote className="mt-6 border-l-2 border-accent pl-4">
                <p className="leading-7">“{story.quote}”</p>
                <footer className="mt-2 text-sm text-muted">{story.person}</footer>
              </blockquote>
            </div>
            <ul className="space-y-3 self-start rounded-xl bg-subtle p-6 text-sm">
              {story.results.map((result) => (
                <li key={result} className="font-medium">
                  {result}
                </li>
              ))}
            </ul>
          </article>
        ))}
      </div>
      <CallToAction />
    </main>
  );
}
