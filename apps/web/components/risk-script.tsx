// The fraud-detection script tag (lib/risk-script.ts): rendered only when the request came to the
// production host. Reading the request's headers keeps the pages that render it dynamic.
import 'server-only';
import { headers } from 'next/headers';
import { isProductionHost, RISK_SCRIPT_PATH } from '@/lib/risk-script';
import { runtime } from '@/lib/runtime';

export async function RiskScript() {
  const host = (await headers()).get('host');
  if (!isProductionHost(host, runtime().config.publicUrl)) return null;
  return <script src={RISK_SCRIPT_PATH} async />;
}
