// Reading a project's runtime logs: rows reported by function runners (through the engine's
// RuntimeLogWriter) show in the Logs tab, the status filter narrows them, and with Live on a row
// stored afterwards appears without a reload. The rows come from another process than the server,
// as they will from a runner on another machine, so this journey runs a second Nimbus on its own
// PostgreSQL database and writes to that database; the Live view finds the row by polling it.
import { createDeployment, createProject, type Database, getTeamForUser, userByEmail } from '@nimbus/db';
import { RuntimeLogWriter } from '@nimbus/engine';
import { expect } from '@playwright/test';
import { fillSignup, personalSlugOf, test, uniqueEmail } from './helpers';
import { type SecondNimbusOnPostgres, startSecondNimbusOnPostgres } from './second-nimbus';

let second: SecondNimbusOnPostgres;
let database: Database;

/** Runs one statement on the PostgreSQL server (create and drop the journey's database). */

test.beforeAll(async () => {
  test.setTimeout(240_000);
  second = await startSecondNimbusOnPostgres(60, 'logs', { NIMBUS_ROLE: 'web,api,edge' });
  database = second.database;
});

test.afterAll(async () => {
  await second?.stop();
});

test('shows requests and lines, filters by status and follows new rows live', async ({ page }) => {
  const email = uniqueEmail('logs');
  await page.goto(`${second.origin}/signup`);
  await fillSignup(page, email);
  await page.waitForURL((u) => u.pathname !== '/signup');

  const db = database.db;
  const user = (await userByEmail(db, email))!;
  const team = await getTeamForUser(db, user.id, personalSlugOf(email));
  const project = await createProject(db, team.id, { name: 'api-site' });
  const deployment = await createDeployment(db, { project, creatorId: user.id, target: 'production', files: [] });
  const writer = new RuntimeLogWriter({ db, flushMs: 50 });
  const ids = { deploymentId: deployment.id, projectId: project.id, teamId: team.id };
  const request = (path: string, status: number, requestId: string) =>
    writer.onRequest({
      ...ids,
      requestId,
      method: 'GET',
      path,
      status,
      durationMs: 35,
      cold: status === 200,
      memoryMb: 1024,
      functionPath: 'api/index.func',
    });

  const logsUrl = `${second.origin}/${team.slug}/api-site/logs`;
  await page.goto(logsUrl);
  await expect(page.getByText('Logs appear here when a function of this project runs')).toBeVisible();

  writer.onLog({ ...ids, requestId: 'req_ok', stream: 'stdout', message: 'hello from the function', time: Date.now() });
  request('/api/ok', 200, 'req_ok');
  request('/api/broken', 500, 'req_broken');
  await writer.flush();
  await page.reload();

  const table = page.getByRole('table', { name: 'Runtime logs' });
  await expect(table.getByRole('row')).toHaveCount(4);
  await expect(table).toContainText('hello from the function');
  await expect(table.getByRole('row').filter({ hasText: '/api/ok' })).toContainText('Cold');

  await page.getByLabel('Status').selectOption('5xx');
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText('/api/broken');
  await expect(table).not.toContainText('/api/ok');

  await page.getByRole('button', { name: 'Live' }).click();
  await expect(page.getByText('Following new logs')).toBeVisible();
  request('/api/ignored', 200, 'req_ignored');
  request('/api/late', 503, 'req_late');
  await writer.flush();
  await expect(table.getByRole('row').filter({ hasText: '/api/late' })).toBeVisible();
  await expect(table).not.toContainText('/api/ignored');
  await writer.close();
});
