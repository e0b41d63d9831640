// The actions the audit log records, in one list: the API validates `types=` against it, turns an
// event into Vercel's sentence (`text`), and the Activity page offers it as a filter. `vercelType`
// is the name Vercel's own audit log gives the same change, sent as the event's `type` when there is one.

export const AUDIT_ACTIONS = {
  'team.created': { label: 'Team created', verb: 'created the team', vercelType: 'team' },
  'team.updated': { label: 'Team settings changed', verb: 'changed the settings of team' },
  'team.plan_changed': { label: 'Plan changed', verb: 'changed the plan of team', vercelType: 'plan' },
  'billing.cancel_scheduled': {
    label: 'Pro canceled at period end',
    verb: 'canceled Pro at the end of the period for team',
  },
  'billing.cancel_withdrawn': { label: 'Pro cancellation withdrawn', verb: 'kept Pro for team' },
  'billing.details_updated': { label: 'Billing details changed', verb: 'changed the billing details of team' },
  'billing.payment_method_updated': { label: 'Payment method changed', verb: 'changed the payment method of team' },
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
  'git.connected': { label: 'Git repository connected', verb: 'connected a git repository to project' },
  'git.disconnected': { label: 'Git repository disconnected', verb: 'disconnected the git repository of project' },
  'deploy_hook.created': { label: 'Deploy hook created', verb: 'created the deploy hook' },
  'deploy_hook.deleted': { label: 'Deploy hook deleted', verb: 'deleted the deploy hook' },
  'domain.added': { label: 'Domain added', verb: 'added the domain', vercelType: 'domain' },
  'domain.verified': { label: 'Domain verified', verb: 'verified the domain' },
  'domain.taken_over': { label: 'Domain taken by another team', verb: 'took over the domain' },
  'domain.removed': { label: 'Domain removed', verb: 'removed the domain', vercelType: 'domain-delete' },
  'project_domain.added': {
    label: 'Project domain added',
    verb: 'added the domain',
    vercelType: 'project-add-alias',
  },
  'project_domain.updated': {
    label: 'Project domain changed',
    verb: 'changed the domain',
    vercelType: 'project-domain-updated',
  },
  'project_domain.removed': {
    label: 'Project domain removed',
    verb: 'removed the domain',
    vercelType: 'project-domain-deleted',
  },
  'alias.set': { label: 'Alias set', verb: 'set the alias', vercelType: 'alias' },
  'alias.removed': { label: 'Alias removed', verb: 'removed the alias', vercelType: 'alias-delete' },
  'protection.sso_changed': {
    label: 'Nimbus Authentication changed',
    verb: 'changed Nimbus Authentication of project',
    vercelType: 'project-sso-protection',
  },
  'protection.password_changed': {
    label: 'Password protection changed',
    verb: 'changed password protection of project',
    vercelType: 'project-password-protection',
  },
  'protection.bypass_created': {
    label: 'Bypass secret created',
    verb: 'created a protection bypass secret for project',
    vercelType: 'project-automation-bypass',
  },
  'protection.bypass_rotated': {
    label: 'Bypass secret rotated',
    verb: 'rotated a protection bypass secret of project',
    vercelType: 'project-automation-bypass',
  },
  'protection.bypass_revoked': {
    label: 'Bypass secret revoked',
    verb: 'revoked a protection bypass secret of project',
    vercelType: 'project-automation-bypass',
  },
  'protection.bypass_updated': {
    label: 'Bypass secret note changed',
    verb: 'changed the note of a protection bypass secret of project',
  },
  'two_factor.enabled': {
    label: 'Two-factor turned on',
    verb: 'turned on two-factor authentication for',
    vercelType: 'user-mfa-configuration-updated',
  },
  'two_factor.disabled': {
    label: 'Two-factor turned off',
    verb: 'turned off two-factor authentication for',
    vercelType: 'user-mfa-removed',
  },
  'two_factor.recovery_codes_regenerated': {
    label: 'Recovery codes regenerated',
    verb: 'made new recovery codes for',
    vercelType: 'user-mfa-recovery-codes-regenerated',
  },
  'team.mfa_enforcement_changed': {
    label: 'Two-factor requirement changed',
    verb: 'changed the two-factor requirement of team',
    vercelType: 'team-mfa-enforcement-updated',
  },
  'sso.configured': {
    label: 'SSO identity provider added',
    verb: 'added the SAML identity provider',
    vercelType: 'saml-connection-created',
  },
  'sso.idp_changed': { label: 'SSO identity provider changed', verb: 'changed the SAML identity provider to' },
  'sso.removed': {
    label: 'SSO removed',
    verb: 'removed single sign-on with',
    vercelType: 'saml-connection-deleted',
  },
  'sso.updated': { label: 'SSO settings changed', verb: 'changed the single sign-on settings of team' },
  'sso.domain_verified': {
    label: 'SSO domain verified',
    verb: 'verified the single sign-on domain',
    vercelType: 'team-domain-verification-verified',
  },
  'sso.enforcement_changed': {
    label: 'SSO requirement changed',
    verb: 'changed the single sign-on requirement of team',
    vercelType: 'team-saml-enforced',
  },
  'login.sso': { label: 'Signed in with SSO', verb: 'signed in with SSO to team', vercelType: 'sso-login' },
  'user.username_changed': { label: 'Username changed', verb: 'changed their username to', vercelType: 'username' },
  'user.deleted': { label: 'Account deleted', verb: 'deleted the account', vercelType: 'user-delete' },
  'webhook.created': { label: 'Webhook added', verb: 'added the webhook' },
  'webhook.deleted': { label: 'Webhook removed', verb: 'removed the webhook' },
  'log_drain.created': { label: 'Log drain added', verb: 'added the log drain' },
  'log_drain.deleted': { label: 'Log drain removed', verb: 'removed the log drain' },
} as const satisfies Record<string, { label: string; verb: string; vercelType?: string }>;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

export const AUDIT_ACTION_NAMES = Object.keys(AUDIT_ACTIONS) as AuditAction[];

export const isAuditAction = (name: string): name is AuditAction => Object.hasOwn(AUDIT_ACTIONS, name);
