// /docs/{slug}: one page of content/docs, rendered from MDX at build time.
import { docRoute } from '@/components/docs/doc-route';

const route = docRoute('docs');

export const generateStaticParams = route.generateStaticParams;
export const generateMetadata = route.generateMetadata;
export default route.Page;
