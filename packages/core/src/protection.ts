// Deployment protection (Vercel's names): which deployments a protection method covers. Shared by the
// API's schemas, the edge's check and the dashboard's settings form.

/**
 * - `preview`: preview deployments only; production stays public.
 * - `prod_deployment_urls_and_all_previews`: previews and every deployment's own URL; only the
 *   project's production host stays public (Vercel's "Standard Protection").
 * - `all`: every host; `all_except_custom_domains`: every host but the project's custom domains and
 *   aliases on them, which stay public.
 */
export const PROTECTION_DEPLOYMENT_TYPES = [
  'preview',
  'prod_deployment_urls_and_all_previews',
  'all',
  'all_except_custom_domains',
] as const;

export type ProtectionDeploymentType = (typeof PROTECTION_DEPLOYMENT_TYPES)[number];

export const PROTECTION_DEPLOYMENT_TYPE_LABELS: Record<ProtectionDeploymentType, string> = {
  preview: 'Only preview deployments',
  prod_deployment_urls_and_all_previews: 'Standard: previews and deployment URLs',
  all: 'All deployments',
  all_except_custom_domains: 'All deployments except custom domains',
};

/** Whether a method of `deploymentType` covers a request to this host. */
export function protectionCovers(
  deploymentType: ProtectionDeploymentType,
  served: { production: boolean; ownUrl: boolean; customDomain: boolean },
): boolean {
  if (deploymentType === 'preview') return !served.production;
  if (deploymentType === 'prod_deployment_urls_and_all_previews') return !served.production || served.ownUrl;
  if (deploymentType === 'all_except_custom_domains') return !served.customDomain;
  return true;
}

/** The bypass header and query parameter automation sends (Vercel's names). */
export const BYPASS_HEADER = 'x-vercel-protection-bypass';
export const SET_BYPASS_COOKIE = 'x-vercel-set-bypass-cookie';
/** The host-only cookie the edge sets once a visitor passed (Vercel's is `_vercel_jwt`). */
export const PROTECTION_COOKIE = '_nimbus_jwt';
