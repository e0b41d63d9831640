// /help: answers to the problems people run into most.
import type { Metadata } from 'next';
import { CollectionIndex } from '@/components/docs/collection-index';

export const metadata: Metadata = {
  title: 'Help',
  description:
    'Fix common Nimbus problems: failed builds, missing files on deploy, and where to find the logs that explain them.',
};

export default function HelpPage() {
  return (
    <CollectionIndex
      collection="help"
      title="Help centre"
      lead="Something went wrong? Start here. Each article explains what the error means, how to find the cause and how to fix it."
    />
  );
}
