// The actions the audit log records, in one list: the API validates `types=` against it, turns an
// event into Vercel's sentence (`text`), and the Activity page offers it as a filter. `vercelType`
// is the name Vercel's own audit log gives the same change, sent as the event's `type` when there is one.

export const AUDIT_ACTIONS = {
  'team.created': { label: 'Team created', verb: 'created the team', vercelType: 'team' },
  'team.updated': { label: 'Team settings changed', verb: 'changed the settings of team' },
  'team.plan_changed': { label: 'Plan changed', verb: 'changed the plan of team', vercelType: 'plan' },
  'member.invited': { label: 'Member invited', verb: 'invited', vercelType: 'team-member-add' },
  'member.joined': { label: 'Member joined', verb: 'joined the team as', vercelType: 'team-member-join' },
  'member.role_updated': { label: 'Role changed', verb: 'changed the role of', vercelType: 'team-member-role-update' },
  'member.removed': { label: 'Member removed', verb: 'removed', vercelType: 'team-member-delete' },
  'member.left': { label: 'Member left', verb: 'left the team', vercelType: 'team-member-leave' },
  'token.created': { label: 'Token created', verb: 'created the token', vercelType: 'user-token-created' },
  'token.deleted': { label: 'Token deleted', verb: 'deleted the token', vercelType: 'user-token-deleted' },
  'project.created': { label: 'Project created', verb: 'created project', vercelType: 'project-created' },
  'project.updated': { label: 'Project settings changed', verb: 'changed the settings of project' },
  'project.deleted': { label: 'Project deleted', verb: 'deleted project', vercelType: 'project-delete' },
  'project.transferred': {
    label: 'Project transferred',
    verb: 'transferred project',
    vercelType: 'project-move-out-success',
  },
  'env.created': {
    label: 'Environment variable added',
    verb: 'added environment variable',
    vercelType: 'env-variable-add',
  },
  'env.updated': {
    label: 'Environment variable changed',
    verb: 'changed environment variable',
    vercelType: 'env-variable-edit',
  },
  'env.deleted': {
    label: 'Environment variable removed',
    verb: 'removed environment variable',
    vercelType: 'env-variable-delete',
  },
  'deployment.created': { label: 'Deployment created', verb: 'created deployment', vercelType: 'deployment' },
  'deployment.canceled': { label: 'Deployment canceled', verb: 'canceled deployment' },
  'deployment.deleted': { label: 'Deployment deleted', verb: 'deleted deployment', vercelType: 'deployment-delete' },
  'deployment.promoted': { label: 'Deployment promoted', verb: 'promoted to production deployment' },
  'deployment.rolled_back': { label: 'Rolled back', verb: 'rolled production back to deployment' },
} as const satisfies Record<string, { label: string; verb: string; vercelType?: string }>;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

export const AUDIT_ACTION_NAMES = Object.keys(AUDIT_ACTIONS) as AuditAction[];

export const isAuditAction = (name: string): name is AuditAction => Object.hasOwn(AUDIT_ACTIONS, name);
