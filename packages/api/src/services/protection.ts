// Deployment protection of a project (docs/architecture.md, "Deployment protection"): the settings
// PATCH /v9/projects/{p} changes (Nimbus Authentication, the password), the automation bypass
// secrets, and the hand-off that sends a logged-in team member back to a protected deployment with a
// short-lived signed token the edge turns into a cookie for that host.

import { createHash } from 'node:crypto';
import type { z } from '@hono/zod-openapi';
import type { ProjectChanges, User } from '@nimbus/db';
import * as db from '@nimbus/db';
import { hostnameOf, resolveHost } from '@nimbus/engine/src/edge/hosts';
import { bypassJson } from '../project-json';
import type { ProjectPatch } from '../schemas/projects';
import type { ProtectionBypassPatch } from '../schemas/protection';
import { authorize } from './access';
import { audit } from './audit';
import { engineOf, type ServiceContext } from './context';
import type { ApiOptions } from './options';

const HANDOFF_TTL = 60_000;
const BYPASS_MAX = 10;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Tells this process's edge to reload the project's protection (others reload within PROTECTION_TTL). */
export function protectionChanged(ctx: ServiceContext, projectId: string): void {
  ctx.options.engine?.events.emit('protection', projectId);
}

/** The columns a project PATCH changes for `ssoProtection` and `passwordProtection`. */
export async function protectionChanges(
  project: db.Project,
  input: Pick<z.infer<typeof ProjectPatch>, 'ssoProtection' | 'passwordProtection'>,
): Promise<ProjectChanges> {
  const changes: ProjectChanges = {};
  if (input.ssoProtection !== undefined)
    changes.ssoProtection = input.ssoProtection && { deploymentType: input.ssoProtection.deploymentType };
  if (input.passwordProtection === null) {
    changes.passwordProtection = null;
    changes.protectionPasswordHash = null;
  } else if (input.passwordProtection) {
    const { deploymentType, password } = input.passwordProtection;
    if (password) changes.protectionPasswordHash = await db.hashPassword(password);
    else if (!project.protectionPasswordHash)
      throw new db.DomainError('bad_request', 'Set a password to turn on password protection.');
    changes.passwordProtection = { deploymentType };
  }
  return changes;
}

/**
 * One event per protection setting that changed (the dashboard sends both on every save): the
 * deployment type it now covers, or null for off, and whether a new password was set (never the password).
 */
export async function auditProtection(
  ctx: ServiceContext,
  before: db.Project,
  after: db.Project,
  input: Pick<z.infer<typeof ProjectPatch>, 'passwordProtection'>,
): Promise<void> {
  const target = { type: 'project', id: after.id, name: after.name } as const;
  const meta = { projectId: after.id };
  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  if (!same(before.ssoProtection, after.ssoProtection)) {
    const deploymentType = after.ssoProtection?.deploymentType ?? null;
    await audit(ctx, 'protection.sso_changed', target, { ...meta, deploymentType });
  }
  const newPassword = !!input.passwordProtection?.password;
  if (newPassword || !same(before.passwordProtection, after.passwordProtection)) {
    const deploymentType = after.passwordProtection?.deploymentType ?? null;
    await audit(ctx, 'protection.password_changed', target, { ...meta, deploymentType, newPassword });
  }
}

/** PATCH /v1/projects/{p}/protection-bypass: generate, rotate (revoke + regenerate), revoke or annotate a secret. */
export async function updateBypass(
  ctx: ServiceContext,
  idOrName: string,
  input: z.infer<typeof ProtectionBypassPatch>,
) {
  const scope = await authorize(ctx, 'project:update');
  const { cipher } = engineOf(ctx);
  const project = await db.getProject(ctx.db, scope.teamId, idOrName);
  let secrets = [...project.protectionBypass];
  const add = (secret: string, note?: string) => {
    if (secrets.some((s) => s.sha256 === sha256(secret)))
      throw new db.DomainError('conflict', 'This bypass secret exists already.');
    if (secrets.length >= BYPASS_MAX)
      throw new db.DomainError(
        'bad_request',
        `A project holds at most ${BYPASS_MAX} bypass secrets. Revoke one first.`,
      );
    secrets.push({
      sealed: cipher.encrypt(secret),
      sha256: sha256(secret),
      createdAt: Date.now(),
      createdBy: ctx.actor.user.id,
      ...(note ? { note } : {}),
    });
  };
  const find = (secret: string) => {
    const found = secrets.find((s) => s.sha256 === sha256(secret));
    if (!found) throw db.notFound('This bypass secret');
    return found;
  };
  if (input.revoke) {
    const revoked = find(input.revoke.secret);
    secrets = secrets.filter((s) => s !== revoked);
    if (input.revoke.regenerate) add(db.randomString(32), revoked.note);
  }
  if (input.update) {
    const found = find(input.update.secret);
    secrets = secrets.map((s) => (s === found ? { ...s, note: input.update!.note } : s));
  }
  if (input.generate) add(input.generate.secret ?? db.randomString(32), input.generate.note);
  if (!input.generate && !input.revoke && !input.update)
    throw new db.DomainError('bad_request', 'Send generate, revoke or update.');
  const updated = await db.updateProject(ctx.db, scope.teamId, project.id, { protectionBypass: secrets });
  protectionChanged(ctx, project.id);
  const target = { type: 'project', id: project.id, name: project.name } as const;
  const meta = { projectId: project.id };
  if (input.revoke)
    await audit(ctx, input.revoke.regenerate ? 'protection.bypass_rotated' : 'protection.bypass_revoked', target, meta);
  if (input.update) await audit(ctx, 'protection.bypass_updated', target, meta);
  if (input.generate) await audit(ctx, 'protection.bypass_created', target, meta);
  return { protectionBypass: bypassJson(updated, (sealed) => cipher.decrypt(sealed)) };
}

/**
 * GET /api/deployment-auth?url=: where a visitor of a protected deployment goes next. Logged out: to
 * log in, then back here. A member of the deployment's team: back to the deployment's
 * `/_nimbus/auth` with a one-minute signed token. Anyone else is refused.
 */
export async function deploymentAuth(options: ApiOptions, caller: User | null, raw: string): Promise<string> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new db.DomainError('bad_request', 'url: give the full address of the deployment.');
  }
  const host = hostnameOf(url.host);
  const key = resolveHost(host, options.deployDomain);
  if (!key || (url.protocol !== 'http:' && url.protocol !== 'https:'))
    throw new db.DomainError('bad_request', 'url: this is not the address of a Nimbus deployment.');
  if (!caller) {
    const back = `/api/deployment-auth?url=${encodeURIComponent(url.href)}`;
    return `${options.publicUrl}/login?next=${encodeURIComponent(back)}`;
  }
  const owner = await db.ownerAtHost(options.db, key);
  if (!owner) throw db.notFound('The deployment at this address');
  if (!(await db.isTeamMember(options.db, owner.teamId, caller.id)))
    throw new db.DomainError(
      'forbidden',
      "This deployment is protected: only members of its team can open it. Ask the team's owner to invite you, or log in with another account.",
    );
  if (!options.engine) throw new Error('The API was created without an engine; pass `engine` in ApiOptions.');
  const token = options.engine.protectionTokens.sign({ k: 'handoff', p: owner.projectId, h: host }, HANDOFF_TTL);
  return `${url.protocol}//${url.host}/_nimbus/auth?token=${token}&next=${encodeURIComponent(url.pathname + url.search)}`;
}
