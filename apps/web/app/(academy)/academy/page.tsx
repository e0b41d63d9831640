// /academy: four courses that order the docs and guides into learning paths, each lesson with a
// reading time computed from the page it points to.
import type { Metadata } from 'next';
import { PageIntro } from '@/components/marketing/sections';
import { ZoneLink } from '@/components/marketing/zone-link';
import { type DocCollection, getEntry } from '@/lib/content';

export const metadata: Metadata = {
  title: 'Academy',
  description:
    'Free Nimbus courses: deploy your first site, release with confidence, manage teams and access, and run Nimbus on your own servers.',
};

const WORDS_PER_MINUTE = 200;

const COURSES: { title: string; level: string; summary: string; lessons: [DocCollection, string][] }[] = [
  {
    title: 'Nimbus foundations',
    level: 'Beginner',
    summary: 'What Nimbus is, how a deployment moves from upload to live, and how to configure what the edge serves.',
    lessons: [
      ['docs', 'index'],
      ['docs', 'getting-started'],
      ['docs', 'deployments'],
      ['docs', 'builds'],
      ['docs', 'configuration'],
    ],
  },
  {
    title: 'Release with confidence',
    level: 'Beginner',
    summary: 'Deploy a real app, give it configuration, and learn to promote and roll back in seconds.',
    lessons: [
      ['guides', 'deploy-a-vite-app'],
      ['docs', 'environment-variables'],
      ['guides', 'promote-and-rollback'],
      ['guides', 'spa-fallback-with-rewrites'],
      ['help', 'build-failed'],
    ],
  },
  {
    title: 'Teams, tokens and automation',
    level: 'Intermediate',
    summary: 'Work as a team with roles, automate with the CLI and the API, and bring your Vercel tools along.',
    lessons: [
      ['docs', 'teams-and-roles'],
      ['docs', 'tokens'],
      ['docs', 'cli'],
      ['docs', 'api'],
      ['docs', 'vercel-clients'],
    ],
  },
  {
    title: 'Run Nimbus yourself',
    level: 'Advanced',
    summary: 'Install Nimbus on your own server, move to PostgreSQL, and scale out to separate roles.',
    lessons: [
      ['docs', 'self-hosting'],
      ['docs', 'postgres'],
      ['help', 'missing-files'],
    ],
  },
];

function lesson(collection: DocCollection, slug: string) {
  const entry = getEntry(collection, slug);
  if (!entry) throw new Error(`Academy lesson ${collection}/${slug} does not exist.`);
  return { ...entry, minutes: Math.max(1, Math.round(entry.body.split(/\s+/).length / WORDS_PER_MINUTE)) };
}

export default function AcademyPage() {
  return (
    <main id="main">
      <PageIntro
        eyebrow="Nimbus Academy"
        title="Learn Nimbus, one course at a time"
        lead="Four free courses built from our documentation, in the order that makes sense. Start with the foundations, or jump to what you need today."
      />
      <ol className="mx-auto grid max-w-6xl gap-6 px-6 lg:grid-cols-2">
        {COURSES.map((course, index) => {
          const lessons = course.lessons.map(([collection, slug]) => lesson(collection, slug));
          const minutes = lessons.reduce((sum, l) => sum + l.minutes, 0);
          return (
            <li key={course.title} className="rounded-2xl border border-border p-7">
              <p className="text-sm text-muted">
                Course {index + 1} · {course.level} · about {minutes} minutes
              </p>
              <h2 className="mt-2 text-xl font-semibold">{course.title}</h2>
              <p className="mt-2 text-sm leading-6 text-muted">{course.summary}</p>
              <ol className="mt-5 space-y-2 border-t border-border pt-5 text-sm">
                {lessons.map((l, n) => (
                  <li key={l.href} className="flex justify-between gap-4">
                    <ZoneLink href={l.href} className="hover:underline">
                      {n + 1}. {l.title}
                    </ZoneLink>
                    <span className="shrink-0 text-muted">{l.minutes} min</span>
                  </li>
                ))}
              </ol>
            </li>
          );
        })}
      </ol>
    </main>
  );
}
