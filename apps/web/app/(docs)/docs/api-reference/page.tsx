// /docs/api-reference: every endpoint of the REST API, rendered on each request from the OpenAPI
// document the running server publishes, so the reference always matches the deployed API.
import type { Metadata } from 'next';
import { ApiOperation } from '@/components/docs/api-operation';
import { loadApiReference } from '@/lib/content-api-reference';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = {
  title: 'API reference',
  description:
    'Every endpoint of the Nimbus REST API, grouped by resource, with its parameters, request body and responses, generated from /api/openapi.json.',
};

const anchor = (tag: string) => `tag-${tag.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

export default async function ApiReferencePage() {
  const { info, groups, resolve } = await loadApiReference();
  return (
    <main id="main" className="grid min-w-0 gap-10 pb-16 xl:grid-cols-[1fr_13rem]">
      <div className="min-w-0 max-w-4xl">
        <h1 className="text-4xl font-semibold tracking-tight">API reference</h1>
        <p className="mt-4 text-lg text-muted">
          {info.description} Version {info.version}. Every path works under{' '}
          <code className="font-mono text-base">/api</code> and at the root of the server; send a token as{' '}
          <code className="font-mono text-base">Authorization: Bearer</code>. The machine-readable document is at{' '}
          <a href="/api/openapi.json" className="font-medium text-accent hover:underline">
            /api/openapi.json
          </a>
          .
        </p>
        {groups.map(({ tag, operations }) => (
          <section key={tag} aria-labelledby={anchor(tag)} className="mt-12">
            <h2 id={anchor(tag)} className="scroll-mt-24 text-2xl font-semibold tracking-tight">
              {tag}
            </h2>
            {operations.map((operation) => (
              <ApiOperation key={operation.id} operation={operation} resolve={resolve} />
            ))}
          </section>
        ))}
      </div>
      <nav aria-label="Resources" className="hidden text-sm xl:block">
        <div className="sticky top-20">
          <h2 className="font-medium">Resources</h2>
          <ul className="mt-3 space-y-2">
            {groups.map(({ tag, operations }) => (
              <li key={tag}>
                <a href={`#${anchor(tag)}`} className="text-muted hover:text-foreground">
                  {tag} <span className="text-xs">({operations.length})</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      </nav>
    </main>
  );
}
