// Project transfer between the caller's accounts (docs/spec.md): one project or many, all or
// nothing. The caller must be allowed to transfer in the source (the team in scope) and to create
// projects in the destination.
import * as db from '@nimbus/db';
import { projectJson } from '../project-json';
import { authorize, forTeam, type ServiceContext } from './context';

export async function transfer(ctx: ServiceContext, projectIds: string[], destination: string) {
  const source = await authorize(ctx, 'project:transfer');
  const target = await authorize(forTeam(ctx, destination), 'project:create');
  const moved = await db.transferProjects(ctx.db, { fromTeamId: source.teamId, toTeamId: target.teamId, projectIds });
  return { projects: moved.map((p) => projectJson(p)) };
}
