// The shape of what the tracker sends (docs/spec.md §3): activity records with every spec field and
// the global properties carried by every event. Pure, so tests pin each field; `redactProperties`
// replaces email, ip and phone at any depth before anything leaves the browser.
import { type Attribution, type PlanTraits, redactProperties, type UtmSet, zoneOf } from '@nimbus/core';

/** What `GET /api/v1/tracking/context` answers for a logged-in user who may be tracked. */
export interface TrackingContext {
  tracked: true;
  userId: string;
  userVersion: string;
  userDefaultTeamId: string | null;
  teamId: string | null;
  role: string | null;
  plan: string | null;
  staff: boolean;
  traits: PlanTraits;
}

export interface GlobalProperties extends Partial<PlanTraits> {
  isLoggedIn: boolean;
  isStaff: boolean;
  plan: string | null;
  role: string | null;
  teamId: string | null;
  isTrial: boolean;
  userVersion: string | null;
  userDefaultTeamId: string | null;
  /** The market fit of the visitor's company (0 unknown, 1 sales-led, 2 product-led), null when not known. */
  firmographicScore: number | null;
}

/**
 * The properties on every event. Missing tracking data on a user (no context yet, a partial
 * answer) gives nulls and falses, never an error.
 */
export function globalProperties(
  context: Partial<TrackingContext> | null | undefined,
  firmographicScore: number | null,
): GlobalProperties {
  const traits = context?.traits;
  return {
    ...(traits ?? {}),
    isLoggedIn: Boolean(context?.userId),
    isStaff: Boolean(context?.staff ?? traits?.isStaff),
    plan: context?.plan ?? null,
    role: context?.role ?? null,
    teamId: context?.teamId ?? null,
    isTrial: Boolean(traits?.isTrial),
    userVersion: context?.userVersion ?? null,
    userDefaultTeamId: context?.userDefaultTeamId ?? null,
    firmographicScore: typeof firmographicScore === 'number' ? firmographicScore : null,
  };
}

export interface PageState {
  origin: string;
  path: string;
  search: string;
  referrer: string;
  title: string;
  userAgent: string;
  projectId?: string | null;
  deploymentId?: string | null;
  route?: string | null;
}

export interface ActivityRecord {
  session_id: string | null;
  project_id: string | null;
  deployment_id: string | null;
  user_id: string | null;
  team_id: string | null;
  user_role: string | null;
  billing_plan: string | null;
  origin: string;
  path: string;
  referrer: string | null;
  nimbus_app: string;
  action: string;
  user_agent: string;
  meta: Record<string, unknown>;
  session_referrer: string | null;
  route: string;
  page_title: string;
  utm: UtmSet;
  query_params: Record<string, string>;
  globals: GlobalProperties;
}

/** One activity record, redacted; `action` is e.g. `page_view` or `click`, `meta` its details. */
export function activityRecord(input: {
  action: string;
  meta?: Record<string, unknown>;
  page: PageState;
  session: { id: string | null; referrer: string | null };
  context: Partial<TrackingContext> | null | undefined;
  attribution: Attribution | null;
  firmographicScore: number | null;
}): ActivityRecord {
  const { page, context } = input;
  const record: ActivityRecord = {
    session_id: input.session.id,
    project_id: page.projectId ?? null,
    deployment_id: page.deploymentId ?? null,
    user_id: context?.userId ?? null,
    team_id: context?.teamId ?? null,
    user_role: context?.role ?? null,
    billing_plan: context?.plan ?? null,
    origin: page.origin,
    path: page.path,
    referrer: page.referrer || null,
    nimbus_app: zoneOf(page.path),
    action: input.action,
    user_agent: page.userAgent,
    meta: input.meta ?? {},
    session_referrer: input.session.referrer,
    route: page.route ?? page.path,
    page_title: page.title,
    utm: input.attribution?.utm ?? {},
    query_params: Object.fromEntries(new URLSearchParams(page.search)),
    globals: globalProperties(context, input.firmographicScore),
  };
  return redactProperties(record);
}
