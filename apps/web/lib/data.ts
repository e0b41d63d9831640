// The dashboard's one way to its data: the same service functions the REST API's routes call
// (packages/api/src/services), with a context resolved once per render from the session cookie.
// No HTTP round trip, no casts: replies are typed by the services that make them.
import 'server-only';
import { forTeam, SESSION_COOKIE, type ServiceContext, session } from '@nimbus/api';
import { cookies } from 'next/headers';
import { cache } from 'react';
import { runtime } from './runtime';

export {
  accountProfile,
  admin,
  audit,
  billing,
  budgets,
  clientErrors,
  deployments,
  device,
  domains,
  env,
  flags,
  git,
  gitProviders,
  health,
  insights,
  integrations,
  leads,
  members,
  notifications,
  projectDomains,
  projects,
  risk,
  runtimeLogs,
  scopeOf,
  session,
  sessions,
  sso,
  ssoSettings,
  staff,
  stripeBilling,
  teams,
  tokens,
  traces,
  twoFactor,
  usage,
  webAnalytics,
} from '@nimbus/api';

/** The visitor as the services see them; null when logged out. One session lookup per render. */
export const visitorContext = cache(async (): Promise<ServiceContext | null> => {
  // Cookies first: reading them marks the page dynamic, so `next build` never prerenders it without a runtime.
  const token = (await cookies()).get(SESSION_COOKIE)?.value;
  return session.visitor(runtime().apiOptions, token);
});

/** The visitor acting for the team of the page's URL (by id or slug); the scope is resolved once per render. */
export const teamContext = cache(async (team: string): Promise<ServiceContext> => {
  const ctx = await visitorContext();
  if (!ctx) throw new Error('teamContext needs a logged-in visitor; the dashboard layout redirects to /login first.');
  return forTeam(ctx, team);
});
