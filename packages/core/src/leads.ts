// Sales leads from the contact and demo forms: the choices the form offers and the API accepts,
// kept in one place so a new company-size bucket cannot reach one side only.
import { COMPANY_SIZE_THRESHOLD } from './market-fit';

/** Why the visitor wrote: the general contact form, or a request for a personalised demo. */
export const LEAD_KINDS = ['sales', 'demo'] as const;
export type LeadKind = (typeof LEAD_KINDS)[number];

/** Employee-count buckets; their edges sit on the market-fit threshold (499) so staff can sort leads by it. */
export const COMPANY_SIZES = ['1-49', '50-249', '250-499', '500-999', '1000-4999', '5000+'] as const;
export type CompanySize = (typeof COMPANY_SIZES)[number];

/** True when every company in the bucket is above the market-fit company size threshold. */
export function isAboveSizeThreshold(size: CompanySize): boolean {
  const lower = Number.parseInt(size, 10);
  return lower > COMPANY_SIZE_THRESHOLD;
}
