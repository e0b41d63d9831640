// An unknown post or page of the marketing zone: the site's own 404 inside its header and footer.
import { PageNotFound } from '@/components/marketing/page-not-found';

export default function MarketingNotFound() {
  return <PageNotFound zone="marketing" />;
}
