// Project transfer between the caller's accounts (docs/spec.md): one project or many, all or
// nothing. The caller must be allowed to transfer in the source (the team in scope) and to create
// projects in the destination.
import * as db from '@nimbus/db';
import { projectJson } from '../project-json';
import { authorize, forTeam, type ServiceContext } from './context';
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
  return { projects: moved.map((p) => projectJson(p)) };
}
