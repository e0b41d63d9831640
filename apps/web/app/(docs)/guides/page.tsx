// /guides: step-by-step walkthroughs of common tasks.
import type { Metadata } from 'next';
import { CollectionIndex } from '@/components/docs/collection-index';

export const metadata: Metadata = {
  title: 'Guides',
  description:
    'Step-by-step Nimbus guides: deploy a Vite app, promote and roll back releases, and serve single-page apps with rewrites.',
};

export default function GuidesPage() {
  return (
    <CollectionIndex
      collection="guides"
      title="Guides"
      lead="Walkthroughs of real tasks, from a first deploy to a release and its rollback. Each one takes about ten minutes."
    />
  );
}
