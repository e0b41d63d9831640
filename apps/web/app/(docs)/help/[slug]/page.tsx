// /help/{slug}: one page of content/help, rendered from MDX at build time.
import { docRoute } from '@/components/docs/doc-route';

const route = docRoute('help');

export const generateStaticParams = route.generateStaticParams;
export const generateMetadata = route.generateMetadata;
export default route.Page;
