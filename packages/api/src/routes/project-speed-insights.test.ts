// Speed Insights per project: the project JSON carries the flag the transfer modal's warning reads
// (docs/spec.md §4), and PATCH /v9/projects/{id} turns it on and off.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi } from '../testing';

let t: Awaited<ReturnType<typeof createTestApi>>;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

describe('project speedInsights', () => {
  it('is off for a new project, toggles through PATCH, and refuses a non-boolean', async () => {
    const { token } = await t.signup('speedy@example.com');
    const created = await t.call('POST', '/v11/projects', { token, body: { name: 'fast-site' } });
    expect(created.json.speedInsights).toMatchObject({ id: created.json.id, enabled: false });

    const on = await t.call('PATCH', '/v9/projects/fast-site', { token, body: { speedInsights: true } });
    expect(on.status).toBe(200);
    expect(on.json.speedInsights.enabled).toBe(true);
    const listed = await t.call('GET', '/v10/projects', { token });
    expect(listed.json.projects.find((p: { name: string }) => p.name === 'fast-site').speedInsights.enabled).toBe(true);

    const off = await t.call('PATCH', `/v9/projects/${created.json.id}`, { token, body: { speedInsights: false } });
    expect(off.json.speedInsights.enabled).toBe(false);
    const bad = await t.call('PATCH', '/v9/projects/fast-site', { token, body: { speedInsights: 'yes' } });
    expect(bad.status).toBe(400);
  });
});
