// Plan limits under concurrent creates: on PostgreSQL (the CI pass with DATABASE_URL) the calls run on
// separate connections, so a check made outside the creating transaction lets every one of them
// count the same rows and pass. Each case starts one below the limit and sends four at once.
import { PLANS } from '@nimbus/core';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../client';
import { newId } from '../ids';
import * as schema from '../schema';
import { createTestDatabase } from '../testing';
import { registerUser } from './accounts';
import { createDeployment } from './deployments';
import { createProject, findOrCreateProject } from './projects';

let database: Database;
let users = 0;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/** A new Hobby team (every sign-up's personal team starts on Hobby). */
async function hobbyTeam(): Promise<string> {
  const user = await registerUser(database.db, {
    email: `limits${++users}@example.com`,
    password: 'correct horse battery',
  });
  return user.defaultTeamId!;
}

const codeOf = (result: PromiseSettledResult<unknown>) =>
  result.status === 'rejected' ? (result.reason as { code?: string }).code : 'created';

describe('plan limits under concurrent creates', () => {
  it('lets one of four deployments through at one below the daily limit', async () => {
    const teamId = await hobbyTeam();
    const limit = PLANS.hobby.limits.deploymentsPerDay;
    const project = await createProject(database.db, teamId, { name: 'busy' });
    const rows = Array.from({ length: limit - 1 }, (_, i) => ({
      id: newId('dpl'),
      projectId: project.id,
      teamId,
      creatorId: 'usr_x',
      name: project.name,
      host: `busy-earlier-${i}`,
    }));
    await database.db.insert(schema.deployments).values(rows);

    const results = await Promise.allSettled(
      Array.from({ length: 4 }, () =>
        createDeployment(database.db, {
          project,
          creatorId: 'usr_x',
          target: 'preview',
          files: [{ file: 'index.html', sha: 'a'.repeat(40), size: 1 }],
        }),
      ),
    );
    expect(results.map(codeOf).sort()).toEqual(['created', 'plan_limit', 'plan_limit', 'plan_limit']);
    expect(await database.db.$count(schema.deployments, eq(schema.deployments.teamId, teamId))).toBe(limit);
    // Nothing half-written by the refused calls: one queued build (the earlier rows have none), for the one that passed.
    const ofTeam = database.db
      .select({ id: schema.deployments.id })
      .from(schema.deployments)
      .where(eq(schema.deployments.teamId, teamId));
    expect(await database.db.$count(schema.buildJobs, inArray(schema.buildJobs.deploymentId, ofTeam))).toBe(1);
  });

  it('lets one of four projects through at one below the project limit, by either way of creating one', async () => {
    const teamId = await hobbyTeam();
    const limit = PLANS.hobby.limits.projects;
    await database.db
      .insert(schema.projects)
      .values(Array.from({ length: limit - 1 }, (_, i) => ({ id: newId('prj'), teamId, name: `earlier-${i}` })));

    const results = await Promise.allSettled([
      createProject(database.db, teamId, { name: 'one' }),
      createProject(database.db, teamId, { name: 'two' }),
      findOrCreateProject(database.db, teamId, 'three'),
      findOrCreateProject(database.db, teamId, 'four'),
    ]);
    expect(results.map(codeOf).sort()).toEqual(['created', 'plan_limit', 'plan_limit', 'plan_limit']);
    expect(await database.db.$count(schema.projects, eq(schema.projects.teamId, teamId))).toBe(limit);
  });
});
