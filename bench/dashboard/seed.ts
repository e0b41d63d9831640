// Seeds a data dir for the dashboard bench through the domain functions: one owner with a session,
// a team with `projects` projects and `perProject` deployments each (the first of each project a
// production deployment, some builds failed, the rest READY), all finished, so the server that
// starts on it afterwards has no build to run.
import { createHash } from 'node:crypto';
import path from 'node:path';
import {
  createDeployment,
  createProject,
  createSession,
  createTeam,
  markBuilding,
  markFailed,
  markReady,
  openDatabase,
  registerUser,
  schema,
} from '@nimbus/db';
import { eq } from 'drizzle-orm';

export interface Seeded {
  slug: string;
  teamId: string;
  /** The name of the first project, the one the project page bench opens. */
  project: string;
  sessionToken: string;
  projects: number;
  deployments: number;
}

export async function seed(dataDir: string, projects: number, perProject: number): Promise<Seeded> {
  const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
  const { db } = database;
  try {
    const user = await registerUser(db, {
      email: 'bench-dashboard@example.com',
      password: 'correct horse battery',
      name: 'Bench',
    });
    const team = await createTeam(db, user.id, { name: 'Bench Team', slug: 'bench-team' });
    const html = '<h1>bench</h1>';
    const sha = createHash('sha1').update(html).digest('hex');
    const file = { file: 'index.html', sha, size: html.length };
    let deployments = 0;
    for (let p = 0; p < projects; p++) {
      const project = await createProject(db, team.id, { name: `site-${String(p).padStart(3, '0')}` });
      for (let d = 0; d < perProject; d++) {
        const deployment = await createDeployment(db, {
          project,
          creatorId: user.id,
          target: d === 0 ? 'production' : 'preview',
          files: [file],
        });
        await markBuilding(db, deployment.id);
        if (d === perProject - 1 && p % 7 === 0)
          await markFailed(db, deployment.id, 'BUILD_FAILED', 'Command "npm run build" exited with 1.');
        else
          await markReady(db, {
            id: deployment.id,
            outputs: [{ path: 'index.html', sha, size: html.length }],
            config: {},
            framework: null,
          });
        deployments++;
      }
    }
    // The queue has no "finish without running" in the domain layer: these builds never ran, so
    // their jobs are closed here, or the server's worker would pick all of them up at start.
    await db.update(schema.buildJobs).set({ state: 'done' }).where(eq(schema.buildJobs.state, 'queued'));
    const { token } = await createSession(db, user.id);
    return { slug: team.slug, teamId: team.id, project: 'site-000', sessionToken: token, projects, deployments };
  } finally {
    await database.close();
  }
}
