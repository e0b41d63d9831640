// Metered usage adds up per team, project, metric and day, and totals read a range of days.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../client';
import { createTestDatabase } from '../testing';
import { personalTeam, registerUser } from './accounts';
import { addUsage, usageTotals } from './usage';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('usage', () => {
  it('adds batches to the same day and totals the days asked for', async () => {
    const user = await registerUser(database.db, { email: 'meter@example.com', password: 'correct horse battery' });
    const team = (await personalTeam(database.db, user.id))!;
    const row = { teamId: team.id, projectId: 'prj_a', metric: 'edge_requests' as const, day: '2026-11-01' };
    await addUsage(
      database.db,
      [row, { ...row, value: 5 }].map((r) => ({ value: 3, ...r })),
    );
    await addUsage(database.db, [
      { ...row, value: 2 },
      { ...row, projectId: 'prj_b', value: 10 },
      { ...row, day: '2026-12-01', value: 100 },
      { ...row, metric: 'bandwidth_bytes', value: 4096 },
    ]);
    const november = await usageTotals(database.db, team.id, '2026-11-01', '2026-12-01');
    expect(november.edge_requests).toBe(3 + 5 + 2 + 10);
    expect(november.bandwidth_bytes).toBe(4096);
    expect(november.build_ms).toBe(0);
    expect((await usageTotals(database.db, team.id, '2026-12-01', '2027-01-01')).edge_requests).toBe(100);
  });
});
