// /guides/{slug}: one page of content/guides, rendered from MDX at build time.
import { docRoute } from '@/components/docs/doc-route';

const route = docRoute('guides');

export const generateStaticParams = route.generateStaticParams;
export const generateMetadata = route.generateMetadata;
export default route.Page;
