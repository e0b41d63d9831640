// Project transfer between the caller's accounts (docs/spec.md): one project or many, all or
// nothing. The caller must be allowed to transfer in the source (the team in scope) and to create
// projects in the destination.
import * as db from '@nimbus/db';
import { projectJson } from '../project-json';
import { authorize } from './access';
import { audit } from './audit';
import { forTeam, type ServiceContext } from './context';
import { announce } from './domains';

export async function transfer(ctx: ServiceContext, projectIds: string[], destination: string) {
  const source = await authorize(ctx, 'project:transfer');
  const target = await authorize(forTeam(ctx, destination), 'project:create');
  const { projects: moved, hosts } = await db.transferProjects(ctx.db, {
    fromTeamId: source.teamId,
    toTeamId: target.teamId,
    projectIds,
  });
  announce(ctx, hosts);
  // Both teams keep the record: one lost the project, the other gained it.
  for (const p of moved) {
    const meta = { projectId: p.id, fromTeam: source.slug, toTeam: target.slug };
    for (const teamId of new Set([source.teamId, target.teamId]))
      await audit(ctx, 'project.transferred', { type: 'project', id: p.id, name: p.name }, meta, teamId);
  }
  return { projects: moved.map((p) => projectJson(p)) };
}
