// Role-based access rules enforced by the API and mirrored by the UI to hide what a role cannot do.

export const ROLES = ['OWNER', 'MEMBER', 'DEVELOPER', 'BILLING', 'VIEWER'] as const;
export type Role = (typeof ROLES)[number];

const ALL = ROLES;

/**
 * The single source of truth for who may do what. The API checks it on every request and the
 * UI reads it to hide controls; never hard-code a role check anywhere else.
 */
export const PERMISSIONS = {
  'team:read': ALL,
  'team:update': ['OWNER'],
  'team:delete': ['OWNER'],
  /** The audit log (GET /v3/events): owners only, as on Vercel, where it belongs to team owners. */
  'audit:read': ['OWNER'],
  'members:read': ALL,
  'members:invite': ['OWNER'],
  'members:update': ['OWNER'],
  'members:remove': ['OWNER'],
  'billing:read': ['OWNER', 'BILLING', 'MEMBER'],
  'billing:update': ['OWNER', 'BILLING'],
  'project:read': ALL,
  'project:create': ['OWNER', 'MEMBER', 'DEVELOPER'],
  'project:update': ['OWNER', 'MEMBER'],
  'project:delete': ['OWNER', 'MEMBER'],
  'project:transfer': ['OWNER'],
  'env:read': ['OWNER', 'MEMBER', 'DEVELOPER'],
  'env:write': ['OWNER', 'MEMBER', 'DEVELOPER'],
  'deployment:read': ALL,
  'deployment:create': ['OWNER', 'MEMBER', 'DEVELOPER'],
  'deployment:promote': ['OWNER', 'MEMBER'],
  'deployment:cancel': ['OWNER', 'MEMBER', 'DEVELOPER'],
  'deployment:delete': ['OWNER', 'MEMBER'],
  /** Purging the edge cache by tag: owners and members, as on Vercel. */
  'cache:purge': ['OWNER', 'MEMBER'],
  'domain:read': ALL,
  'domain:write': ['OWNER', 'MEMBER'],
  /** Webhooks and log drains of the team (secrets are shown only when made). */
  'integrations:read': ['OWNER', 'MEMBER', 'DEVELOPER'],
  'integrations:write': ['OWNER', 'MEMBER'],
} as const satisfies Record<string, readonly Role[]>;

export type Action = keyof typeof PERMISSIONS;

export function can(role: Role, action: Action): boolean {
  const allowed: readonly Role[] = PERMISSIONS[action];
  return allowed.includes(role);
}
