// An unknown doc, guide or help article: the docs' own 404 beside the docs navigation.
import { PageNotFound } from '@/components/marketing/page-not-found';

export default function DocsNotFound() {
  return <PageNotFound zone="docs" />;
}
